/**
 * A page's former path (a slug listed under `former:` in slugs.yaml) forwards to
 * its path. Hosts with rules answer with a 301 before this page is ever read; on
 * hosts without rules the refresh, the canonical link and the visible link do the same.
 */
import type { PageProps } from '../context.ts';
import { Document } from '../Document.tsx';

export function MovedPage({ ctx }: PageProps) {
  const { t, route } = ctx;
  const target = route.redirectTo!;
  return (
    <Document ctx={ctx} head={<meta httpEquiv="refresh" content={`0; url=${target}`} />}>
      <section className="hero hero--compact" aria-labelledby="moved-title">
        <div className="container">
          <h1 id="moved-title">{t('common.moved.title')}</h1>
          <p>
            <a href={target}>{t('common.moved.link')}</a>
          </p>
        </div>
      </section>
    </Document>
  );
}
