/** Home: hero, the feature cards, the about block with its numbered values, the closing mail call to action. */
import type { PageProps } from '../context.ts';
import { balancedCardClasses, balancedGridClass } from '../balancedGrid.ts';
import { CardSection } from '../CardSection.tsx';
import { Document } from '../Document.tsx';
import { MailCallToAction } from '../MailCallToAction.tsx';
import type { IconName } from '../Icon.tsx';

/** One icon per feature card, in the order the home page lists them. */
const featureIcons: IconName[] = ['briefcase', 'signal', 'headset', 'receipt', 'sparkles', 'coins'];

export function HomePage({ ctx }: PageProps) {
  const { t, translator, route, routeTable } = ctx;
  const values = translator.indices('home.about.values');
  const valueClasses = balancedCardClasses(values.length);
  return (
    <Document ctx={ctx}>
      <section className="hero" aria-labelledby="home-title">
        <div className="container">
          <h1 id="home-title">{t('home.hero.title')}</h1>
          <p className="hero__subtitle">{t('home.hero.subtitle')}</p>
          <p>
            <a className="button button--primary" href={routeTable.pathOf('subscriptions', route.language)}>
              {t('home.hero.cta')}
            </a>
          </p>
          <p className="notice">{t('home.hero.inviteOnly')}</p>
        </div>
      </section>

      <CardSection
        ctx={ctx}
        texts="home.features"
        count="features"
        icons={featureIcons}
        titleId="home-features-title"
      />

      <section className="section section--tinted" id="about" aria-labelledby="home-about-title">
        <div className="container">
          <h2 id="home-about-title">{t('home.about.title')}</h2>
          <p className="section__intro">{t('home.about.intro')}</p>
          <ol className={balancedGridClass('numbered-values')} data-count="values">
            {values.map((index) => (
              <li key={index} className={`numbered-values__item ${valueClasses[index]}`}>
                <span className="numbered-values__number" aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <h3>{t(`home.about.values.${index}.title`)}</h3>
                <p>{t(`home.about.values.${index}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <MailCallToAction ctx={ctx} texts="home.closing" titleId="home-cta-title" withSubject />
    </Document>
  );
}
