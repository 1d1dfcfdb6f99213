/**
 * Legal: hero, then the four documents as exclusive accordions (tariffs, terms,
 * privacy, cookie). `<details name>` keeps one open at a time without script;
 * the route's section (/legal/tariffs/ ...) is open on load, none on /legal/;
 * the one a hash names is opened by an inline script before the first paint.
 */
import type { LegalSectionId } from '../../generator/model/routeTable.ts';
import {
  legalDocumentElementIds,
  legalDocumentIds,
  type LegalDocumentId,
} from '../../generator/model/constants.ts';
import type { PageProps } from '../context.ts';
import { Document } from '../Document.tsx';
import { fillPlaceholders, LastUpdated, LegalSections } from '../legal/LegalText.tsx';

/** The route sections name documents one to one. */
const openFor = (section: LegalSectionId | undefined): LegalDocumentId | undefined => section;

export function LegalPage({ ctx }: PageProps) {
  const { t, route, content } = ctx;
  const documents = content.legal[route.language];
  const open = openFor(route.legalSection);
  return (
    <Document ctx={ctx}>
      <section className="hero hero--compact" aria-labelledby="legal-title">
        <div className="container">
          <h1 id="legal-title">{t('legal.hero.title')}</h1>
          <p className="hero__subtitle">{t('legal.hero.subtitle')}</p>
        </div>
      </section>

      <div className="section">
        <div className="container legal-documents">
          {legalDocumentIds.map((documentId) => {
            const document = documents[documentId];
            const id = legalDocumentElementIds[documentId];
            const title = fillPlaceholders(document.title, ctx);
            return (
              <details
                key={documentId}
                id={id}
                name="legal-documents"
                className="legal-accordion"
                data-legal-document={id}
                open={open === documentId}
              >
                <summary className="legal-accordion__summary">
                  <h2 className="legal-accordion__title">{title}</h2>
                </summary>
                <div className="legal-accordion__body">
                  <LastUpdated ctx={ctx} date={document.lastUpdated} />
                  <div
                    className={`legal-scroll legal-scroll--${documentId === 'tariffs' ? 'tariffs' : 'text'}`}
                    tabIndex={0}
                    role="region"
                    aria-label={t('legal.document.scrollLabel', { title })}
                  >
                    <LegalSections ctx={ctx} document={document} headingLevel={3} idPrefix={id} />
                  </div>
                </div>
              </details>
            );
          })}
        </div>
        {/* Has run by the first frame, so the browser's scroll to the hash lands on the document
            open: every page holds its first paint until the footer is parsed (Document). */}
        <script dangerouslySetInnerHTML={{ __html: ctx.assets.inlineScripts['legal-hash'].code }} />
      </div>
    </Document>
  );
}
