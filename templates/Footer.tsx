/** The site's footer: three link columns, partner and payment logos, copyright, legal links. */
import type { PageContext } from './context.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { formatTimeRange, formatWeekdays, telHref } from './format.ts';
import { buildMailtoLink } from '../client/lib/mailto.ts';
import { Wordmark } from './logos.tsx';

interface FooterLink {
  label: string;
  href: string;
}

function LinkColumn({ id, title, links }: { id: string; title: string; links: FooterLink[] }) {
  return (
    <section className="footer-column" aria-labelledby={id}>
      <h2 id={id} className="footer-column__title">
        {title}
      </h2>
      <ul>
        {links.map((link) => (
          <li key={link.label}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Every page holds its first paint until the footer is parsed (see Document). */
export const footerId = 'site-footer';

export function Footer({ ctx }: { ctx: PageContext }) {
  const { route, routeTable, t, content, year } = ctx;
  const language = route.language;
  const path = (page: Parameters<typeof routeTable.pathOf>[0]) => routeTable.pathOf(page, language);
  const columns: { id: string; title: string; links: FooterLink[] }[] = [
    {
      id: 'footer-solutions',
      title: t('common.footer.solutions'),
      links: [
        { label: t('common.footer.rates'), href: routeTable.legalSectionPath('tariffs', language) },
        { label: t('common.footer.subscriptions'), href: path('subscriptions') },
        { label: t('common.footer.roaming'), href: `${path('subscriptions')}#tariff-zones` },
      ],
    },
    {
      id: 'footer-info',
      title: t('common.footer.info'),
      links: [
        { label: t('common.footer.aboutUs'), href: path('about') },
        { label: t('common.footer.company'), href: `${path('home')}#about` },
        { label: t('common.footer.partners'), href: path('partnership') },
        { label: t('common.footer.coverage'), href: path('coverage') },
        { label: t('common.footer.contact'), href: path('contact') },
      ],
    },
    {
      id: 'footer-support',
      title: t('common.footer.support'),
      links: [
        { label: t('common.footer.faq'), href: `${path('contact')}#faq` },
        { label: t('common.footer.consultation'), href: `${path('contact')}#contact-form` },
      ],
    },
  ];
  return (
    <footer className="site-footer" id={footerId}>
      <div className="site-footer__inner">
        <div className="site-footer__columns">
          {columns.map((column) => (
            <LinkColumn key={column.id} {...column} />
          ))}
        </div>
        <section className="footer-contact" aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-column__title">
            {content.site.brand}
          </h2>
          <address>
            {content.site.address.street}
            <br />
            {content.site.address.postalCode} {content.site.address.city},{' '}
            {/* The settings' country in the page's language, as every text's {{country}} names it. */}
            {ctx.translator.siteValues.country}
          </address>
          <ul>
            <li>
              {t('common.footer.hotline')}{' '}
              <a href={telHref(content.site.phones.hotline)}>{content.site.phones.hotline}</a>
            </li>
            <li>
              {t('common.footer.abroad')}{' '}
              <a href={telHref(content.site.phones.abroad)}>{content.site.phones.abroad}</a>
            </li>
            <li>
              <a href={buildMailtoLink(content.site.email)}>{content.site.email}</a>
            </li>
            {content.site.openingHours.map((hours) => (
              <li key={hours.days.join()}>
                {t('common.footer.openingHours', {
                  days: formatWeekdays(hours.days, ctx.translator.locale),
                  hours: formatTimeRange(hours.opens, hours.closes, t),
                })}
              </li>
            ))}
          </ul>
        </section>
        <div className="site-footer__logos">
          <section aria-labelledby="footer-partners">
            <h2 id="footer-partners" className="footer-column__title">
              {t('common.footer.networkPartners')}
            </h2>
            <ul className="logo-row">
              {content.site.partners.map((name) => (
                <li key={name}>
                  <Wordmark name={name} kind="partner" />
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="footer-payments">
            <h2 id="footer-payments" className="footer-column__title">
              {t('common.footer.paymentMethods')}
            </h2>
            <ul className="logo-row">
              {content.site.payments.map((name) => (
                <li key={name}>
                  <Wordmark name={name} kind="payment" />
                </li>
              ))}
            </ul>
          </section>
        </div>
        <LanguageSwitcher ctx={ctx} placement="footer" />
        <div className="site-footer__bottom">
          <p>{t('common.footer.copyright', { year })}</p>
          <ul className="legal-links">
            <li>
              <a href={routeTable.legalSectionPath('privacy', language)}>{t('common.footer.privacy')}</a>
            </li>
            <li>
              <a href={path('legal')}>{t('common.footer.terms')}</a>
            </li>
            <li>
              <a href={routeTable.legalSectionPath('cookie', language)}>{t('common.footer.cookies')}</a>
            </li>
            {/* Laid out but invisible until the consent script enables it, so showing it moves nothing. */}
            <li className="cookie-settings" data-cookie-settings-item="">
              <button type="button" className="link-button" data-cookie-settings="">
                {t('common.cookieBanner.settings')}
              </button>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
