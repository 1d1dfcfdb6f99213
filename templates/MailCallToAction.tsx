/**
 * A closing call to action whose button is a plain `mailto:` link to the info
 * address: `<texts>.title`, `<texts>.text`, `<texts>.button` and, when the
 * draft should carry one, `<texts>.mailSubject`.
 */
import { buildMailtoLink } from '../client/lib/mailto.ts';
import type { PageContext } from './context.ts';
import { Icon } from './Icon.tsx';

export interface MailCallToActionProps {
  ctx: PageContext;
  texts: string;
  titleId: string;
  withSubject?: boolean;
}

export function MailCallToAction({ ctx, texts, titleId, withSubject = false }: MailCallToActionProps) {
  const { t, content } = ctx;
  const href = buildMailtoLink(content.site.email, withSubject ? { subject: t(`${texts}.mailSubject`) } : {});
  return (
    <section className="section cta-block" aria-labelledby={titleId}>
      <div className="container">
        <h2 id={titleId}>{t(`${texts}.title`)}</h2>
        <p>{t(`${texts}.text`)}</p>
        <p>
          <a className="button button--primary" href={href}>
            <Icon name="mail" size={20} /> {t(`${texts}.button`)}
          </a>
        </p>
      </div>
    </section>
  );
}
