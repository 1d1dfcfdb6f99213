/**
 * Partnership and contact forms. The rule table validates; each message appears
 * next to its field (aria-invalid, aria-describedby) and the first invalid field
 * takes focus. A valid form becomes a mail draft: partnership in a new window,
 * contact in the mail program; then the success notice shows and the form
 * resets. Anything that throws shows the error notice instead.
 */
import { buildContactMail, buildPartnershipMail, type FormConfig, type FormValues } from './formMail.ts';
import { firstError, isMaxLengthMessage, type FieldRule } from './formRules.ts';

/** A checkbox's value is whether it is checked. */
const valueOf = (control: HTMLInputElement | HTMLTextAreaElement): string | boolean =>
  control.type === 'checkbox' ? (control as HTMLInputElement).checked : control.value;

function readValues(form: HTMLFormElement, fields: Record<string, FieldRule[]>): FormValues {
  const values: FormValues = {};
  for (const name of Object.keys(fields)) {
    const control = form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null;
    if (control) values[name] = valueOf(control);
  }
  return values;
}

function showFieldError(form: HTMLFormElement, name: string, message: string | undefined): void {
  const control = form.elements.namedItem(name) as HTMLElement | null;
  const error = form.querySelector<HTMLElement>(`[data-error-for="${name}"]`);
  if (!control || !error) return;
  error.textContent = message ?? '';
  error.hidden = !message;
  if (message) {
    control.setAttribute('aria-invalid', 'true');
    control.setAttribute('aria-describedby', error.id);
  } else {
    control.removeAttribute('aria-invalid');
    control.removeAttribute('aria-describedby');
  }
}

/**
 * maxlength stays in the markup for visitors without script, where it is the only
 * cap. With script it goes: the browser would silently stop typing and cut pasted
 * text at 500 UTF-16 units (an emoji counts twice, so a text of 499 characters
 * could not end with one), and the visitor would never see why. Instead the rule
 * table's limit, counted in characters, shows its message ("cannot exceed 500
 * characters") and the visitor decides what to shorten.
 */
function liftMaxLength(form: HTMLFormElement): void {
  for (const control of form.querySelectorAll('[maxlength]')) control.removeAttribute('maxlength');
}

function readConfig(form: HTMLFormElement): FormConfig {
  const block = form.querySelector('script[data-form-config]');
  return JSON.parse(block?.textContent ?? '{}') as FormConfig;
}

export function initForm(form: HTMLFormElement, doc: Document): void {
  const formId = form.dataset.form;
  const config = readConfig(form);
  const fields = config.rules;
  if (!formId || !fields) return;
  const success =
    doc.querySelector<HTMLElement>(`[data-form-success="${formId}"]`) ??
    form.parentElement?.querySelector<HTMLElement>('[data-form-success]') ??
    null;
  const failure =
    doc.querySelector<HTMLElement>(`[data-form-error="${formId}"]`) ??
    form.parentElement?.querySelector<HTMLElement>('[data-form-error]') ??
    null;
  // The script shows its own messages; the browser's bubbles stay for the no-script case.
  form.noValidate = true;
  liftMaxLength(form);

  const validate = (): string[] => {
    const values = readValues(form, fields);
    const invalid: string[] = [];
    for (const [name, rules] of Object.entries(fields)) {
      const key = firstError(rules, values[name] ?? '');
      showFieldError(form, name, key ? (config.errors[key] ?? key) : undefined);
      if (key) invalid.push(name);
    }
    return invalid;
  };

  // Once a field has shown an error, it is re-checked as the visitor corrects it. A text that
  // grows past its maximum is flagged as it happens, not only on submit, so the visitor
  // learns it while the extra text is still the text just written.
  form.addEventListener('input', (event) => {
    const control = event.target as HTMLInputElement;
    const rules = fields[control.name];
    if (!rules) return;
    const key = firstError(rules, valueOf(control));
    if (control.getAttribute('aria-invalid') !== 'true' && !isMaxLengthMessage(rules, key)) return;
    showFieldError(form, control.name, key ? (config.errors[key] ?? key) : undefined);
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (success) success.hidden = true;
    if (failure) failure.hidden = true;
    const invalid = validate();
    if (invalid.length > 0) {
      (form.elements.namedItem(invalid[0]) as HTMLElement | null)?.focus();
      return;
    }
    try {
      const values = readValues(form, fields);
      if (formId === 'partnership') {
        window.open(buildPartnershipMail(config, values), '_blank', 'noopener');
      } else {
        window.location.href = buildContactMail(config, values);
      }
      form.reset();
      if (success) {
        success.hidden = false;
        success.focus();
      }
    } catch (error) {
      console.error(error);
      if (failure) {
        failure.hidden = false;
        failure.focus();
      }
    }
  });
}

export function initForms(doc: Document): void {
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-form]')) initForm(form, doc);
}
