/**
 * A form of the rule table (client/lib/formRules.ts), rendered field by field in
 * the table's order: label, control with the rule's HTML constraints, and an
 * empty error line the form script fills. Without script the browser checks the
 * constraints and posts the fields to the mailto action. After the form come the
 * success and error notices the script reveals; they sit in the form's parent so
 * the script finds them there.
 */
import type { ReactNode } from 'react';
import { buildMailtoLink } from '../../client/lib/mailto.ts';
import { constraintAttributes, formRules, type FieldSpec, type FormId } from '../../client/lib/formRules.ts';
import type { PageContext } from '../context.ts';
import { FormConfig } from './FormConfig.tsx';
import { Icon } from '../Icon.tsx';

/** The asterisk of a required field; screen readers get `required` from the control instead. */
function RequiredMarker() {
  return (
    <span className="field__required" aria-hidden="true">
      *
    </span>
  );
}

function Field({ ctx, form, name, spec }: { ctx: PageContext; form: FormId; name: string; spec: FieldSpec }) {
  const id = `${form}-${name}`;
  const label = ctx.t(`forms.${form}.fields.${name}`, { email: ctx.content.site.email });
  const constraints = constraintAttributes(spec);
  const common = { id, name, autoComplete: spec.autocomplete, ...constraints };
  const control =
    spec.type === 'textarea' ? <textarea {...common} rows={6} /> : <input {...common} type={spec.type} />;
  return (
    <div className={`field field--${spec.type}`}>
      <label htmlFor={id}>
        {label} <RequiredMarker />
      </label>
      {control}
      <p className="field-error" id={`${id}-error`} data-error-for={name} hidden></p>
    </div>
  );
}

function Notice({ kind, title, text }: { kind: 'success' | 'error'; title: string; text: string }) {
  const attributes =
    kind === 'success'
      ? { 'data-form-success': '', role: 'status' }
      : { 'data-form-error': '', role: 'alert' };
  return (
    <div className={`form-notice form-notice--${kind}`} {...attributes} tabIndex={-1} hidden>
      <Icon name={kind === 'success' ? 'check' : 'cross'} />
      <div>
        <p className="form-notice__title">{title}</p>
        <p>{text}</p>
      </div>
    </div>
  );
}

export interface RequestFormProps {
  ctx: PageContext;
  form: FormId;
  /** The form's heading, rendered inside the form so a link to the form's id shows it. */
  title: string;
  /** Text under the heading. */
  intro?: ReactNode;
}

export function RequestForm({ ctx, form, title, intro }: RequestFormProps) {
  const { t, content } = ctx;
  const titleId = `${form}-form-title`;
  const fields = Object.entries(formRules[form] as Record<string, FieldSpec>);
  return (
    <div className="form-panel">
      <form
        id={`${form}-form`}
        className="request-form"
        data-form={form}
        action={buildMailtoLink(content.site.email)}
        method="post"
        encType="text/plain"
        aria-labelledby={titleId}
      >
        <h2 id={titleId}>{title}</h2>
        {intro && <p className="request-form__intro">{intro}</p>}
        <p className="request-form__required-note">
          <RequiredMarker /> {t('forms.requiredNote')}
        </p>
        <FormConfig ctx={ctx} form={form} />
        <div className={`request-form__fields request-form__fields--${form}`}>
          {fields.map(([name, spec]) => (
            <Field key={name} ctx={ctx} form={form} name={name} spec={spec} />
          ))}
        </div>
        <p className="request-form__actions">
          <button type="submit" className="button button--primary">
            <Icon name="mail" size={20} /> {t(`forms.${form}.submit`)}
          </button>
        </p>
      </form>
      <Notice
        kind="success"
        title={t(`forms.${form}.success.title`)}
        text={t(`forms.${form}.success.text`)}
      />
      <Notice kind="error" title={t('forms.error.title')} text={t('forms.error.text')} />
    </div>
  );
}
