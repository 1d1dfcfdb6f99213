/**
 * The forms' validation rules, one table for both forms. The templates take
 * the HTML constraints (required, minlength, maxlength, type) from it, so the
 * pages validate without script too; the form script applies the same rules with
 * the translated messages, and the tests read it.
 * A rule's `message` is a key under `forms.<form>.errors` in the texts.
 */
export type FieldRule =
  | { kind: 'minLength'; value: number; message: string }
  | { kind: 'maxLength'; value: number; message: string }
  | { kind: 'email'; message: string }
  | { kind: 'checked'; message: string };

export type FieldType = 'text' | 'email' | 'tel' | 'textarea' | 'checkbox';

export interface FieldSpec {
  type: FieldType;
  rules: FieldRule[];
  /** Browser autofill hint. */
  autocomplete?: string;
}

export const formRules = {
  partnership: {
    companyName: {
      type: 'text',
      autocomplete: 'organization',
      rules: [{ kind: 'minLength', value: 2, message: 'companyName' }],
    },
    contactPerson: {
      type: 'text',
      autocomplete: 'name',
      rules: [{ kind: 'minLength', value: 3, message: 'contactPerson' }],
    },
    address: {
      type: 'text',
      autocomplete: 'address-line1',
      rules: [{ kind: 'minLength', value: 5, message: 'address' }],
    },
    postalCode: {
      type: 'text',
      autocomplete: 'postal-code',
      rules: [{ kind: 'minLength', value: 2, message: 'postalCode' }],
    },
    city: {
      type: 'text',
      autocomplete: 'address-level2',
      rules: [{ kind: 'minLength', value: 2, message: 'city' }],
    },
    email: { type: 'email', autocomplete: 'email', rules: [{ kind: 'email', message: 'email' }] },
    phone: { type: 'tel', autocomplete: 'tel', rules: [{ kind: 'minLength', value: 6, message: 'phone' }] },
    description: {
      type: 'textarea',
      rules: [
        { kind: 'minLength', value: 20, message: 'descriptionMin' },
        { kind: 'maxLength', value: 500, message: 'descriptionMax' },
      ],
    },
    consent: { type: 'checkbox', rules: [{ kind: 'checked', message: 'consent' }] },
  },
  contact: {
    name: { type: 'text', autocomplete: 'name', rules: [{ kind: 'minLength', value: 2, message: 'name' }] },
    email: { type: 'email', autocomplete: 'email', rules: [{ kind: 'email', message: 'email' }] },
    phone: { type: 'tel', autocomplete: 'tel', rules: [{ kind: 'minLength', value: 5, message: 'phone' }] },
    company: {
      type: 'text',
      autocomplete: 'organization',
      rules: [{ kind: 'minLength', value: 2, message: 'company' }],
    },
    subject: { type: 'text', rules: [{ kind: 'minLength', value: 2, message: 'subject' }] },
    message: { type: 'textarea', rules: [{ kind: 'minLength', value: 10, message: 'message' }] },
  },
} as const satisfies Record<string, Record<string, FieldSpec>>;

export type FormId = keyof typeof formRules;

/**
 * The HTML standard's "valid e-mail address", the rule the browser's own
 * type=email check applies, so a form accepts the same addresses with and
 * without script: a local part of the allowed characters, then a domain of
 * dot-separated labels of letters, digits and inner hyphens, at most 63 each.
 * No empty label: `a@b..cd`, `a@.b.cd` and `a@b.cd.` are refused. Like the
 * browser, a domain without a dot (`a@intranet`) is valid.
 */
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/**
 * Lengths count characters as visitors see them in the message ("at least 2
 * characters"): code points, so an emoji is one character, not the two UTF-16
 * units String.length counts.
 */
export function characterCount(value: string): number {
  return [...value].length;
}

/** The first broken rule's message key, or undefined when the value passes. */
export function firstError(rules: readonly FieldRule[], value: string | boolean): string | undefined {
  for (const rule of rules) {
    switch (rule.kind) {
      case 'minLength':
        if (characterCount(String(value).trim()) < rule.value) return rule.message;
        break;
      case 'maxLength':
        if (characterCount(String(value)) > rule.value) return rule.message;
        break;
      case 'email':
        if (!emailPattern.test(String(value).trim())) return rule.message;
        break;
      case 'checked':
        if (value !== true) return rule.message;
        break;
    }
  }
  return undefined;
}

/** Whether a message key is that of a maximum-length rule of the field. */
export function isMaxLengthMessage(rules: readonly FieldRule[], key: string | undefined): boolean {
  return rules.some((rule) => rule.kind === 'maxLength' && rule.message === key);
}

/**
 * The HTML constraint attributes of a field, so the browser checks it without
 * script. The browser counts minlength and maxlength in UTF-16 units, so without
 * script an emoji counts twice: a text with emoji meets the minimum a little
 * early and reaches the 500 cap a little early. The form script checks lengths
 * itself in characters and lifts maxlength (see forms.ts).
 */
export function constraintAttributes(spec: FieldSpec): {
  required: true;
  minLength?: number;
  maxLength?: number;
} {
  const attributes: { required: true; minLength?: number; maxLength?: number } = { required: true };
  for (const rule of spec.rules) {
    if (rule.kind === 'minLength') attributes.minLength = rule.value;
    if (rule.kind === 'maxLength') attributes.maxLength = rule.value;
  }
  return attributes;
}
