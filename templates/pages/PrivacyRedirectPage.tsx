/**
 * `/privacy` forwards to the privacy section of the terms. Hosts with rules answer
 * with a 301 before this page is ever read; on hosts without rules the refresh and
 * the visible link do the same.
 */
import type { PageProps } from '../context.ts';
import { Document } from '../Document.tsx';

export function PrivacyRedirectPage({ ctx }: PageProps) {
  const { t, route } = ctx;
  const target = route.redirectTo!;
  return (
    <Document ctx={ctx} head={<meta httpEquiv="refresh" content={`0; url=${target}`} />}>
      <section className="hero hero--compact" aria-labelledby="redirect-title">
        <div className="container">
          <h1 id="redirect-title">{t('legal.redirect.title')}</h1>
          <p>
            <a href={target}>{t('legal.redirect.link')}</a>
          </p>
        </div>
      </section>
    </Document>
  );
}
