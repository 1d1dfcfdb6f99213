/** The forms' field rules: lengths in characters, the HTML standard's e-mail addresses, consent, and the same constraints for the browser. */
import { describe, expect, it } from 'vitest';
import { constraintAttributes, firstError, formRules } from '../../../client/lib/formRules.ts';

describe('form rules', () => {
  const { partnership, contact } = formRules;
  it('applies the forms’ minimum lengths', () => {
    const cases: [keyof typeof partnership, number][] = [
      ['companyName', 2],
      ['contactPerson', 3],
      ['address', 5],
      ['postalCode', 2],
      ['city', 2],
      ['phone', 6],
      ['description', 20],
    ];
    for (const [field, minimum] of cases) {
      expect(firstError(partnership[field].rules, 'x'.repeat(minimum - 1)), field).toBeDefined();
      expect(firstError(partnership[field].rules, 'x'.repeat(minimum)), field).toBeUndefined();
    }
    const contactCases: [keyof typeof contact, number][] = [
      ['name', 2],
      ['phone', 5],
      ['company', 2],
      ['subject', 2],
      ['message', 10],
    ];
    for (const [field, minimum] of contactCases) {
      expect(firstError(contact[field].rules, 'x'.repeat(minimum - 1)), field).toBeDefined();
      expect(firstError(contact[field].rules, 'x'.repeat(minimum)), field).toBeUndefined();
    }
  });

  it('caps the description at 500 characters with its own message', () => {
    expect(firstError(partnership.description.rules, 'x'.repeat(500))).toBeUndefined();
    expect(firstError(partnership.description.rules, 'x'.repeat(501))).toBe('descriptionMax');
    expect(firstError(partnership.description.rules, 'short')).toBe('descriptionMin');
  });

  it('accepts exactly the HTML standard’s valid e-mail addresses, as type=email does', () => {
    const valid = [
      'anna@example.com',
      'a@b.cd',
      'anna+test@example.com',
      "o'neil.x_y!#$%&*/=?^`{|}~-@sub.example-1.ch",
      'a@intranet',
      `a@${'b'.repeat(63)}.ch`,
      ' anna@example.com ',
    ];
    for (const address of valid) expect(firstError(contact.email.rules, address), address).toBeUndefined();
    const invalid = [
      '',
      'anna',
      'anna@',
      '@example.com',
      'an na@example.com',
      'a@b..cd',
      'a@.b.cd',
      'a@b.cd.',
      'a@-b.cd',
      'a@b-.cd',
      'a@b_c.cd',
      'a@b.cd@e.fg',
      `a@${'b'.repeat(64)}.ch`,
      'a@bücher.ch',
      'anna@example.com\nx',
    ];
    for (const address of invalid) expect(firstError(contact.email.rules, address), address).toBe('email');
  });

  it('checks consent', () => {
    expect(firstError(partnership.consent.rules, false)).toBe('consent');
    expect(firstError(partnership.consent.rules, true)).toBeUndefined();
  });

  it('counts characters, not UTF-16 units: an emoji is one character', () => {
    const emoji = '😀';
    expect(emoji.length).toBe(2);
    expect(firstError(contact.name.rules, emoji)).toBe('name');
    expect(firstError(contact.name.rules, emoji + emoji)).toBeUndefined();
    expect(firstError(partnership.description.rules, 'x'.repeat(18) + emoji)).toBe('descriptionMin');
    expect(firstError(partnership.description.rules, 'x'.repeat(19) + emoji)).toBeUndefined();
    expect(firstError(partnership.description.rules, 'x'.repeat(499) + emoji)).toBeUndefined();
    expect(firstError(partnership.description.rules, 'x'.repeat(500) + emoji)).toBe('descriptionMax');
    expect(firstError(partnership.description.rules, emoji.repeat(500))).toBeUndefined();
    expect(firstError(partnership.description.rules, emoji.repeat(501))).toBe('descriptionMax');
  });

  it('gives the browser the same constraints', () => {
    expect(constraintAttributes(partnership.description)).toEqual({
      required: true,
      minLength: 20,
      maxLength: 500,
    });
    expect(constraintAttributes(contact.email)).toEqual({ required: true });
  });
});
