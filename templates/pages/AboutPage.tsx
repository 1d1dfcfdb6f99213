/**
 * About: the company story (founded in the settings' year, business mobile only),
 * the vision card with its illustration, the mission in three paragraphs, four
 * core-value cards, four personality traits (description and details) and the
 * team's statement with a way to get in touch.
 */
import type { PageProps } from '../context.ts';
import { CardSection } from '../CardSection.tsx';
import { Document } from '../Document.tsx';
import { Icon, type IconName } from '../Icon.tsx';
import { ContentImage } from '../ContentImage.tsx';

/** One icon per core value, in the order of the Italian texts: focus, proximity, transparency, innovation. */
const valueIcons: IconName[] = ['target', 'pin', 'receipt', 'sparkles'];

export function AboutPage({ ctx }: PageProps) {
  const { t, translator, route, routeTable, content } = ctx;
  const site = content.site;
  return (
    <Document ctx={ctx}>
      <section className="hero about-hero" aria-labelledby="about-title">
        <div className="container">
          <p className="about-hero__eyebrow">{t('about.hero.eyebrow')}</p>
          <h1 id="about-title">{t('about.hero.title')}</h1>
          <p className="hero__subtitle">{t('about.hero.subtitle')}</p>
        </div>
      </section>

      <section className="section" aria-labelledby="about-story-title">
        <div className="container about-story">
          <div className="about-story__text">
            <h2 id="about-story-title">{t('about.story.title')}</h2>
            {translator.indices('about.story.paragraphs').map((index) => (
              <p key={index}>{t(`about.story.paragraphs.${index}`)}</p>
            ))}
          </div>
          <dl className="about-facts">
            <div className="about-facts__item">
              <dt>{t('about.story.facts.founded')}</dt>
              <dd>{site.founded}</dd>
            </div>
            <div className="about-facts__item">
              <dt>{t('about.story.facts.focus')}</dt>
              <dd>{t('about.story.facts.focusValue')}</dd>
            </div>
            <div className="about-facts__item">
              <dt>{t('about.story.facts.headquarters')}</dt>
              <dd>{site.address.city}</dd>
            </div>
          </dl>
        </div>
      </section>

      <div className="section section--tinted">
        <div className="container about-purpose">
          <section className="card about-vision" aria-labelledby="about-vision-title">
            <ContentImage ctx={ctx} image="about.vision.image" className="about-vision__image" />
            <div className="about-vision__body">
              <h2 id="about-vision-title">{t('about.vision.title')}</h2>
              <p>{t('about.vision.text')}</p>
            </div>
          </section>
          <section className="about-mission" aria-labelledby="about-mission-title">
            <h2 id="about-mission-title">{t('about.mission.title')}</h2>
            {translator.indices('about.mission.paragraphs').map((index) => (
              <p key={index}>{t(`about.mission.paragraphs.${index}`)}</p>
            ))}
          </section>
        </div>
      </div>

      <CardSection
        ctx={ctx}
        texts="about.coreValues"
        count="core-values"
        icons={valueIcons}
        titleId="about-values-title"
        id="values"
        listClassName="about-values"
      />

      <section className="section section--tinted" id="personality" aria-labelledby="about-personality-title">
        <div className="container">
          <h2 id="about-personality-title">{t('about.personality.title')}</h2>
          <p className="section__intro">{t('about.personality.intro')}</p>
          <ol className="about-personality" data-count="personality">
            {translator.indices('about.personality.items').map((index) => (
              <li key={index} className="about-personality__item">
                <span className="about-personality__number" aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <div className="about-personality__body">
                  <h3>{t(`about.personality.items.${index}.title`)}</h3>
                  <p className="about-personality__description">
                    {t(`about.personality.items.${index}.description`)}
                  </p>
                  <p className="about-personality__details">
                    {t(`about.personality.items.${index}.details`)}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section about-team" aria-labelledby="about-team-title">
        <div className="container">
          <h2 id="about-team-title">{t('about.team.title')}</h2>
          <figure className="about-team__statement">
            <blockquote>
              <p>{t('about.team.statement')}</p>
            </blockquote>
            <figcaption>{t('about.team.signature')}</figcaption>
          </figure>
          <p className="about-team__cta">
            <a className="button button--primary" href={routeTable.pathOf('contact', route.language)}>
              <Icon name="users" size={20} /> {t('about.team.cta')}
            </a>
          </p>
        </div>
      </section>
    </Document>
  );
}
