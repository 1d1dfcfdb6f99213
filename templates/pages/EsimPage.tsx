/**
 * eSIM: a placeholder while the page is being written. It says so, and sends the
 * visitor to support: the contact page, an e-mail draft and the hotline, all
 * from the route table and the settings.
 */
import { buildMailtoLink } from '../../client/lib/mailto.ts';
import type { PageProps } from '../context.ts';
import { Document } from '../Document.tsx';
import { telHref } from '../format.ts';
import { Icon } from '../Icon.tsx';

export function EsimPage({ ctx }: PageProps) {
  const { t, route, routeTable, content } = ctx;
  const site = content.site;
  return (
    <Document ctx={ctx}>
      <section className="hero hero--compact esim-hero" aria-labelledby="esim-title">
        <div className="container">
          <p className="esim-hero__status">
            <Icon name="tools" size={18} /> {t('esim.hero.status')}
          </p>
          <h1 id="esim-title">{t('esim.hero.title')}</h1>
          <p className="hero__subtitle">{t('esim.hero.subtitle')}</p>
        </div>
      </section>

      <section className="section" aria-labelledby="esim-support-title">
        <div className="container">
          <div className="card esim-support">
            <Icon name="sim" size={32} />
            <h2 id="esim-support-title">{t('esim.support.title')}</h2>
            <p>{t('esim.support.text')}</p>
            <p className="esim-support__actions">
              <a className="button button--primary" href={routeTable.pathOf('contact', route.language)}>
                <Icon name="headset" size={20} /> {t('esim.support.button')}
              </a>
            </p>
            <ul className="esim-support__channels">
              <li>
                <Icon name="mail" size={20} />
                <span>{t('esim.support.emailLabel')}</span>{' '}
                <a href={buildMailtoLink(site.email, { subject: t('esim.support.mailSubject') })}>
                  {site.email}
                </a>
              </li>
              <li>
                <Icon name="phone" size={20} />
                <span>{t('esim.support.phoneLabel')}</span>{' '}
                <a href={telHref(site.phones.hotline)}>{site.phones.hotline}</a>
              </li>
            </ul>
          </div>
        </div>
      </section>
    </Document>
  );
}
