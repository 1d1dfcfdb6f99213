/**
 * What the form script needs in the page's language (labels, messages, mail
 * subject, consent sentence, address) and the form's rules, as a JSON data block: data, not code, so
 * the Content-Security-Policy does not treat it as a script. The contact
 * subject's prefix is a site setting, not a text: it is the same in every language.
 */
import { formRules, type FieldSpec, type FormId } from '../../client/lib/formRules.ts';
import type { FormConfig as FormConfigData } from '../../client/lib/formMail.ts';
import type { PageContext } from '../context.ts';

export function FormConfig({ ctx, form }: { ctx: PageContext; form: FormId }) {
  const { t, content } = ctx;
  const email = content.site.email;
  const fields = Object.entries(formRules[form] as Record<string, FieldSpec>);
  const config: FormConfigData = {
    to: email,
    labels: Object.fromEntries(
      fields
        .filter(([, spec]) => spec.type !== 'checkbox')
        .map(([name]) => [name, t(`forms.${form}.fields.${name}`, { email })]),
    ),
    errors: Object.fromEntries(
      fields.flatMap(([, spec]) =>
        spec.rules.map((rule) => [rule.message, t(`forms.${form}.errors.${rule.message}`)]),
      ),
    ),
    rules: Object.fromEntries(fields.map(([name, spec]) => [name, spec.rules])),
    subject:
      form === 'partnership' ? t('forms.partnership.mail.subject') : content.site.forms.contactSubjectPrefix,
    consent: form === 'partnership' ? t('forms.partnership.mail.consent', { email }) : undefined,
  };
  // `<` is escaped so no text can close the script element.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return <script type="application/json" data-form-config="" dangerouslySetInnerHTML={{ __html: json }} />;
}
