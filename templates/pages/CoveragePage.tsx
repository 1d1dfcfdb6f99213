/**
 * Coverage: banner with illustration, four feature cards, the partner's
 * interactive coverage map (loaded only with the visitor's consent) beside a
 * card that explains it, and the 2025 network-test report as a PDF download.
 */
import type { PageProps } from '../context.ts';
import { CardSection } from '../CardSection.tsx';
import { ConsentFrame } from '../ConsentFrame.tsx';
import { Document } from '../Document.tsx';
import { Icon, type IconName } from '../Icon.tsx';
import { ContentImage } from '../ContentImage.tsx';

/** One icon per feature card, in the order of the texts. */
const featureIcons: IconName[] = ['signal', 'globe', 'map', 'chart'];

export function CoveragePage({ ctx }: PageProps) {
  const { t, translator, content, route, routeTable } = ctx;
  const site = content.site;
  return (
    <Document ctx={ctx}>
      <section className="hero coverage-hero" aria-labelledby="coverage-title">
        <div className="container coverage-hero__inner">
          <div className="coverage-hero__text">
            <h1 id="coverage-title">{t('coverage.hero.title')}</h1>
            <p className="hero__subtitle">{t('coverage.hero.tagline')}</p>
            <p className="coverage-hero__blurb">{t('coverage.hero.blurb')}</p>
          </div>
          <ContentImage ctx={ctx} image="coverage.hero.image" className="coverage-hero__image" />
        </div>
      </section>

      <CardSection
        ctx={ctx}
        texts="coverage.features"
        count="coverage-features"
        icons={featureIcons}
        titleId="coverage-features-title"
        listClassName="coverage-features"
      />

      <section className="section section--tinted" id="coverage-map" aria-labelledby="coverage-map-title">
        <div className="container">
          <h2 id="coverage-map-title">{t('coverage.map.title')}</h2>
          <p className="section__intro">{t('coverage.map.intro')}</p>
          <div className="coverage-map">
            <div className="coverage-map__frame-wrapper">
              <ConsentFrame
                ctx={ctx}
                className="coverage-map__frame"
                src={site.urls.coverageMap}
                title={t('coverage.map.frameTitle')}
                description={t('coverage.map.placeholder')}
                frame={{ allow: 'geolocation', referrerPolicy: 'strict-origin-when-cross-origin' }}
              />
            </div>
            <aside className="card coverage-map__card" aria-labelledby="coverage-map-card-title">
              <Icon name="pin" />
              <h3 id="coverage-map-card-title">{t('coverage.map.card.title')}</h3>
              <ol className="coverage-map__steps">
                {translator.indices('coverage.map.card.steps').map((index) => (
                  <li key={index}>{t(`coverage.map.card.steps.${index}`)}</li>
                ))}
              </ol>
              <p className="coverage-map__note">{t('coverage.map.card.note')}</p>
              <p>
                <a
                  className="coverage-map__open"
                  href={site.urls.coverageMap}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('coverage.map.card.link')}
                  <span className="visually-hidden"> {t('coverage.map.card.newWindow')}</span>
                </a>
              </p>
            </aside>
          </div>
        </div>
      </section>

      <section className="section" id="network-report" aria-labelledby="coverage-report-title">
        <div className="container">
          <div className="card coverage-report">
            <span className="coverage-report__icon" aria-hidden="true">
              <Icon name="download" size={32} />
            </span>
            <div className="coverage-report__body">
              <h2 id="coverage-report-title">{t('coverage.report.title')}</h2>
              <p>{t('coverage.report.text')}</p>
              <p className="coverage-report__actions">
                {/* `download` names the saved file where the host serves the PDF from this origin; browsers ignore it for
                    another origin and open or save the PDF themselves, so the link text says what it is, not what happens. */}
                <a
                  className="button button--primary"
                  href={site.urls.networkReport}
                  download={site.urls.networkReportFileName}
                  type="application/pdf"
                >
                  <Icon name="download" size={20} /> {t('coverage.report.button')}
                </a>
              </p>
              <p className="coverage-report__contact">
                {t('coverage.report.question')}{' '}
                <a href={routeTable.pathOf('contact', route.language)}>{t('coverage.report.contact')}</a>
              </p>
            </div>
          </div>
        </div>
      </section>
    </Document>
  );
}
