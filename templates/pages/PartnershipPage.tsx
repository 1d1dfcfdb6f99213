/**
 * Partnership: hero with illustration, the programme's introduction and steps,
 * five benefit cards, five requirement cards, the request form and a closing
 * mail call to action.
 */
import type { PageProps } from '../context.ts';
import { CardSection } from '../CardSection.tsx';
import { Document } from '../Document.tsx';
import { MailCallToAction } from '../MailCallToAction.tsx';
import { RequestForm } from '../forms/RequestForm.tsx';
import type { IconName } from '../Icon.tsx';
import { ContentImage } from '../ContentImage.tsx';

/** One icon per benefit, in the order the partnership page lists them. */
const benefitIcons: IconName[] = ['coins', 'headset', 'megaphone', 'tools', 'chart'];
/** One icon per requirement, in the order the partnership page lists them. */
const requirementIcons: IconName[] = ['briefcase', 'users', 'signal', 'star', 'heart'];

export function PartnershipPage({ ctx }: PageProps) {
  const { t, translator } = ctx;
  return (
    <Document ctx={ctx}>
      <section className="hero partnership-hero" aria-labelledby="partnership-title">
        <div className="container partnership-hero__inner">
          <div className="partnership-hero__text">
            <h1 id="partnership-title">{t('partnership.hero.title')}</h1>
            <p className="hero__subtitle">{t('partnership.hero.subtitle')}</p>
            <p>
              <a className="button button--primary" href="#partnership-form">
                {t('partnership.hero.cta')}
              </a>
            </p>
          </div>
          <ContentImage ctx={ctx} image="partnership.hero.image" className="partnership-hero__image" />
        </div>
      </section>

      <div className="section">
        <div className="container partnership-intro">
          <section aria-labelledby="partnership-intro-title">
            <h2 id="partnership-intro-title">{t('partnership.intro.title')}</h2>
            {translator.indices('partnership.intro.paragraphs').map((index) => (
              <p key={index}>{t(`partnership.intro.paragraphs.${index}`)}</p>
            ))}
          </section>
          <section className="partnership-steps" aria-labelledby="partnership-steps-title">
            <h2 id="partnership-steps-title">{t('partnership.steps.title')}</h2>
            <ol className="partnership-steps__list">
              {translator.indices('partnership.steps.items').map((index) => (
                <li key={index} className="partnership-steps__item">
                  <span className="partnership-steps__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <div>
                    <h3>{t(`partnership.steps.items.${index}.title`)}</h3>
                    <p>{t(`partnership.steps.items.${index}.text`)}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>

      <CardSection
        ctx={ctx}
        texts="partnership.benefits"
        count="benefits"
        icons={benefitIcons}
        titleId="partnership-benefits-title"
        id="benefits"
        tinted
        listClassName="partnership-cards"
      />

      <CardSection
        ctx={ctx}
        texts="partnership.requirements"
        count="requirements"
        icons={requirementIcons}
        titleId="partnership-requirements-title"
        id="requirements"
        listClassName="partnership-cards"
      />

      <section
        className="section section--tinted partnership-form-section"
        aria-labelledby="partnership-form-title"
      >
        <div className="container">
          <RequestForm
            ctx={ctx}
            form="partnership"
            title={t('partnership.form.title')}
            intro={t('partnership.form.intro')}
          />
        </div>
      </section>

      <MailCallToAction ctx={ctx} texts="partnership.closing" titleId="partnership-closing-title" />
    </Document>
  );
}
