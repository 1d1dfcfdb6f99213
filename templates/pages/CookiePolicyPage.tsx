/** The static Italian cookie policy (content/cookie-policy.yaml), last updated August 2024. */
import type { PageProps } from '../context.ts';
import { Document } from '../Document.tsx';
import { fillPlaceholders, LastUpdated, LegalSections } from '../legal/LegalText.tsx';

export function CookiePolicyPage({ ctx }: PageProps) {
  const { t, content, routeTable, route } = ctx;
  const policy = content.cookiePolicy;
  const title = fillPlaceholders(policy.title, ctx);
  return (
    <Document ctx={ctx}>
      <section className="hero hero--compact" aria-labelledby="cookie-policy-title">
        <div className="container">
          <h1 id="cookie-policy-title">{title}</h1>
          <LastUpdated ctx={ctx} date={policy.lastUpdated} />
        </div>
      </section>
      <div className="section">
        <div className="container legal-page-text">
          <LegalSections ctx={ctx} document={policy} headingLevel={2} idPrefix="cookie-policy" />
          <p className="legal-page-text__more">
            <a href={routeTable.legalSectionPath('privacy', route.language)}>
              {t('legal.cookiePolicyPage.privacyLink')}
            </a>
          </p>
        </div>
      </div>
    </Document>
  );
}
