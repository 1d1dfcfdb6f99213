/** Title, heading and lead for a page whose full content is still to come. */
import type { PageProps } from '../context.ts';
import { Document } from '../Document.tsx';

export function BasicPage({ ctx, namespace }: PageProps & { namespace: string }) {
  const { t } = ctx;
  return (
    <Document ctx={ctx} title={t(`${namespace}.meta.title`)} description={t(`${namespace}.meta.description`)}>
      <section className="hero hero--compact" aria-labelledby="page-title">
        <div className="container">
          <h1 id="page-title">{t(`${namespace}.hero.title`)}</h1>
          <p className="hero__subtitle">{t(`${namespace}.hero.subtitle`)}</p>
        </div>
      </section>
    </Document>
  );
}
