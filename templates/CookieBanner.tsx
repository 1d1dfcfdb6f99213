/**
 * The consent banner's markup. It starts hidden: without script nothing is ever
 * tracked, so there is nothing to consent to; the consent script shows it when
 * no choice is stored.
 */
import type { PageContext } from './context.ts';

export const consentChoices = ['all', 'essential', 'none'] as const;

export function CookieBanner({ ctx }: { ctx: PageContext }) {
  const { t, routeTable, route } = ctx;
  // Italian pages link the Italian cookie policy; the other languages, their own legal page's cookie section.
  const policyPath = routeTable.pathOf('cookiePolicy', route.language);
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title" data-cookie-banner="" hidden>
      <h2 id="cookie-banner-title" className="cookie-banner__title">
        {t('common.cookieBanner.title')}
      </h2>
      <p>
        {t('common.cookieBanner.text')} <a href={policyPath}>{t('common.cookieBanner.policyLink')}</a>
      </p>
      <div className="cookie-banner__actions">
        {consentChoices.map((choice) => (
          <button
            key={choice}
            type="button"
            className={choice === 'all' ? 'button button--primary' : 'button button--secondary'}
            data-consent={choice}
          >
            {t(`common.cookieBanner.${choice}`)}
          </button>
        ))}
      </div>
    </section>
  );
}
