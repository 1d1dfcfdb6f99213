/** The forms' mail drafts: the labelled fields, the consent sentence and the subject. */
import { describe, expect, it } from 'vitest';
import { buildContactMail, buildPartnershipMail, type FormConfig } from '../../../client/lib/formMail.ts';
import { parseMailto } from '../../helpers/client.ts';

const partnershipConfig: FormConfig = {
  to: 'info@example.com',
  labels: { companyName: 'Company name', contactPerson: 'Contact person', description: 'Description' },
  errors: {},
  rules: {},
  subject: 'New partnership request',
  consent: 'I consent to sending my data to info@example.com',
};

describe('form mail drafts', () => {
  it('lists the labelled partnership fields and the consent sentence', () => {
    const parsed = parseMailto(
      buildPartnershipMail(partnershipConfig, {
        companyName: 'Müller & Söhne AG',
        contactPerson: 'Anna #1',
        description: '50% more?\nYes',
        consent: true,
      }),
    );
    expect(parsed.subject).toBe('New partnership request');
    expect(parsed.body).toBe(
      'Company name: Müller & Söhne AG\r\nContact person: Anna #1\r\nDescription: 50% more?\r\nYes\r\n\r\nI consent to sending my data to info@example.com',
    );
  });

  it('starts the contact subject with "Contact Request: "', () => {
    const config: FormConfig = {
      to: 'info@example.com',
      labels: { name: 'Nome', subject: 'Oggetto' },
      errors: {},
      rules: {},
      subject: 'Contact Request: ',
    };
    const parsed = parseMailto(buildContactMail(config, { name: 'Luca', subject: 'Offerta 5G + eSIM' }));
    expect(parsed.subject).toBe('Contact Request: Offerta 5G + eSIM');
    expect(parsed.body).toBe('Nome: Luca\r\nOggetto: Offerta 5G + eSIM');
  });
});
