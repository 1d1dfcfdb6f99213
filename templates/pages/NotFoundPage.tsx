/** Not found, one per language: the page does not exist or access is restricted; back to that language's home. */
import type { PageProps } from '../context.ts';
import { Document } from '../Document.tsx';

export function NotFoundPage({ ctx }: PageProps) {
  const { t, route, routeTable } = ctx;
  return (
    <Document ctx={ctx}>
      <section className="hero hero--compact not-found" aria-labelledby="not-found-title" data-not-found="">
        <div className="container">
          <p className="not-found__code" aria-hidden="true">
            404
          </p>
          <h1 id="not-found-title">{t('notFound.title')}</h1>
          <p>{t('notFound.text')}</p>
          <p>
            <a className="button button--primary" href={routeTable.pathOf('home', route.language)}>
              {t('notFound.backHome')}
            </a>
          </p>
        </div>
      </section>
    </Document>
  );
}
