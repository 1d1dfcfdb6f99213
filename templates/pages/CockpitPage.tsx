/**
 * Cockpit landing page: badge, hero with the login button, six feature cards,
 * the validity of extra packages and a closing call to action. Both buttons go
 * to the external login portal; the site itself has no customer area.
 */
import type { PageProps } from '../context.ts';
import { CardSection } from '../CardSection.tsx';
import { Document } from '../Document.tsx';
import { Icon, type IconName } from '../Icon.tsx';

/** One icon per feature card: tracking, activation, security, availability, coverage, analytics. */
const featureIcons: IconName[] = ['signal', 'toggle', 'shield', 'clock', 'globe', 'chart'];
/** One icon per extra-package region: Switzerland, abroad. */
const packIcons: IconName[] = ['flag', 'globe'];

export function CockpitPage({ ctx }: PageProps) {
  const { t, translator, content } = ctx;
  const site = content.site;
  return (
    <Document ctx={ctx}>
      <section className="hero cockpit-hero" aria-labelledby="cockpit-title">
        <div className="container">
          <p className="cockpit-badge">
            <Icon name="briefcase" size={18} /> {t('cockpit.hero.badge')}
          </p>
          <h1 id="cockpit-title">{t('cockpit.hero.title')}</h1>
          <p className="hero__subtitle">{t('cockpit.hero.subtitle')}</p>
          <p className="cockpit-hero__actions">
            <a className="button button--primary" data-cockpit-login href={site.urls.cockpitLogin}>
              {t('cockpit.hero.cta')}
            </a>
          </p>
          <p className="cockpit-hero__note">
            <Icon name="shield" size={18} /> {t('cockpit.hero.loginNote')}
          </p>
        </div>
      </section>

      <CardSection
        ctx={ctx}
        texts="cockpit.features"
        count="cockpit-features"
        icons={featureIcons}
        titleId="cockpit-features-title"
        listClassName="cockpit-features"
      />

      <section className="section section--tinted" aria-labelledby="cockpit-packs-title">
        <div className="container">
          <h2 id="cockpit-packs-title">{t('cockpit.packs.title')}</h2>
          <p className="section__intro">{t('cockpit.packs.intro')}</p>
          <ul className="cockpit-packs">
            {translator.indices('cockpit.packs.items').map((index) => (
              <li key={index} className="card cockpit-pack">
                <Icon name={packIcons[index] ?? 'check'} />
                <h3>{t(`cockpit.packs.items.${index}.region`)}</h3>
                <p className="cockpit-pack__validity">{t(`cockpit.packs.items.${index}.validity`)}</p>
                <p>{t(`cockpit.packs.items.${index}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section cta-block cockpit-closing" aria-labelledby="cockpit-closing-title">
        <div className="container">
          <h2 id="cockpit-closing-title">{t('cockpit.closing.title')}</h2>
          <p>{t('cockpit.closing.text')}</p>
          <p>
            <a className="button button--primary" data-cockpit-login href={site.urls.cockpitLogin}>
              {t('cockpit.closing.button')}
            </a>
          </p>
        </div>
      </section>
    </Document>
  );
}
