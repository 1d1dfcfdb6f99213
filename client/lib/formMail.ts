/**
 * The forms' mail drafts, as pure functions: the partnership request goes
 * to the info address with the translated subject, every labelled field and the
 * consent sentence; the contact request's subject starts with "Contact Request: ".
 */
import type { FieldRule } from './formRules.ts';
import { buildMailtoLink } from './mailto.ts';

export interface FormConfig {
  /** The info address. */
  to: string;
  /** Field name to its label, in the page's language and the form's order. */
  labels: Record<string, string>;
  /** Message key to its text, in the page's language. */
  errors: Record<string, string>;
  /**
   * Field name to its rules, from the rule table at build time: the page carries its
   * own form's rules as data, so the script holds no copy of the table.
   */
  rules: Record<string, FieldRule[]>;
  /** Partnership: the whole subject; contact: the prefix before the visitor's subject. */
  subject: string;
  /** Partnership only: the consent sentence with the address filled in. */
  consent?: string;
}

export type FormValues = Record<string, string | boolean>;

function listFields(config: FormConfig, values: FormValues): string {
  return Object.entries(config.labels)
    .filter(([name]) => typeof values[name] === 'string')
    .map(([name, label]) => `${label}: ${String(values[name]).trim()}`)
    .join('\n');
}

export function buildPartnershipMail(config: FormConfig, values: FormValues): string {
  const body = [listFields(config, values), config.consent].filter(Boolean).join('\n\n');
  return buildMailtoLink(config.to, { subject: config.subject, body });
}

export function buildContactMail(config: FormConfig, values: FormValues): string {
  return buildMailtoLink(config.to, {
    subject: `${config.subject}${String(values.subject ?? '').trim()}`,
    body: listFields(config, values),
  });
}
