/**
 * Contact: address, e-mail, phone numbers and opening hours from the settings,
 * the contact form beside an info card, the map of Lugano (loaded only with the
 * visitor's consent) and the visible FAQ
 * (the FAQPage structured data reads the same texts).
 */
import { buildMailtoLink } from '../../client/lib/mailto.ts';
import type { PageContext, PageProps } from '../context.ts';
import { ConsentFrame } from '../ConsentFrame.tsx';
import { balancedCardClasses, balancedGridClass } from '../balancedGrid.ts';
import { Document } from '../Document.tsx';
import { RequestForm } from '../forms/RequestForm.tsx';
import {
  formatList,
  formatTime,
  formatTimeRange,
  regionName,
  telHref,
  weekdayName,
  type Weekday,
} from '../format.ts';
import { Icon } from '../Icon.tsx';

const weekdayOrder: Weekday[] = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

/** `Da lunedì a venerdì, dalle 08:00 alle 18:00`: a run of three or more days as a range, otherwise a list. */
function openingHoursLine(
  ctx: PageContext,
  hours: { days: Weekday[]; opens: string; closes: string },
): string {
  const { t, translator } = ctx;
  const locale = translator.locale;
  const positions = hours.days.map((day) => weekdayOrder.indexOf(day));
  const consecutive = positions.every((position, index) => position === positions[0] + index);
  const names = hours.days.map((day) => weekdayName(day, locale));
  const days =
    consecutive && names.length > 2
      ? t('contact.hours.range', { from: names[0], to: names[names.length - 1] })
      : formatList(names, locale);
  const line = t('contact.hours.line', {
    days,
    opens: formatTime(hours.opens, t),
    closes: formatTime(hours.closes, t),
    hours: formatTimeRange(hours.opens, hours.closes, t),
  });
  return line.charAt(0).toLocaleUpperCase(locale) + line.slice(1);
}

export function ContactPage({ ctx }: PageProps) {
  const { t, translator, content, route, routeTable } = ctx;
  const site = content.site;
  const country = regionName(site.address.country, translator.locale);
  // Address, e-mail, phones, opening hours: four cards, in balanced rows.
  const detailClasses = balancedCardClasses(4);
  return (
    <Document ctx={ctx}>
      <section className="hero hero--compact" aria-labelledby="contact-title">
        <div className="container">
          <h1 id="contact-title">{t('contact.hero.title')}</h1>
          <p className="hero__subtitle">{t('contact.hero.subtitle')}</p>
          <p className="contact-hero__links">
            <a className="button button--primary" href="#contact-form">
              {t('contact.hero.formLink')}
            </a>
            <a className="button button--secondary" href="#faq">
              {t('contact.hero.faqLink')}
            </a>
          </p>
        </div>
      </section>

      <section className="section" id="contact-details" aria-labelledby="contact-details-title">
        <div className="container">
          <h2 id="contact-details-title">{t('contact.details.title')}</h2>
          <ul className={balancedGridClass('card-grid', 'contact-details')} data-count="contact-details">
            <li className={`card ${detailClasses[0]}`}>
              <Icon name="pin" />
              <h3>{t('contact.details.address')}</h3>
              <address className="contact-address">
                {site.brand}
                <br />
                {site.address.street}
                <br />
                {site.address.postalCode} {site.address.city}
                <br />
                {country}
              </address>
            </li>
            <li className={`card ${detailClasses[1]}`}>
              <Icon name="mail" />
              <h3>{t('contact.details.email')}</h3>
              <p>{t('contact.details.emailText')}</p>
              <p>
                <a className="contact-link" href={buildMailtoLink(site.email)}>
                  {site.email}
                </a>
              </p>
            </li>
            <li className={`card ${detailClasses[2]}`}>
              <Icon name="phone" />
              <h3>{t('contact.details.phone')}</h3>
              <dl className="contact-phones">
                <div>
                  <dt>{t('contact.details.hotline')}</dt>
                  <dd>
                    <a className="contact-link" href={telHref(site.phones.hotline)}>
                      {site.phones.hotline}
                    </a>
                  </dd>
                </div>
                <div>
                  <dt>{t('contact.details.abroad')}</dt>
                  <dd>
                    <a className="contact-link" href={telHref(site.phones.abroad)}>
                      {site.phones.abroad}
                    </a>
                  </dd>
                </div>
              </dl>
            </li>
            <li className={`card ${detailClasses[3]}`}>
              <Icon name="clock" />
              <h3>{t('contact.details.hours')}</h3>
              <ul className="contact-hours">
                {site.openingHours.map((hours) => (
                  <li key={hours.days.join('-')}>{openingHoursLine(ctx, hours)}</li>
                ))}
              </ul>
            </li>
          </ul>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="contact-form-title">
        <div className="container contact-layout">
          <RequestForm
            ctx={ctx}
            form="contact"
            title={t('contact.form.title')}
            intro={t('contact.form.intro')}
          />
          <aside className="card contact-info" aria-labelledby="contact-info-title">
            <Icon name="headset" />
            <h2 id="contact-info-title">{t('contact.info.title')}</h2>
            <p>{t('contact.info.text')}</p>
            <p className="notice">{t('contact.info.inviteOnly')}</p>
            <p>{t('contact.info.partnerText')}</p>
            <p>
              <a href={routeTable.pathOf('partnership', route.language)}>{t('contact.info.partnerLink')}</a>
            </p>
          </aside>
        </div>
      </section>

      <section className="section" id="map" aria-labelledby="contact-map-title">
        <div className="container">
          <h2 id="contact-map-title">{t('contact.map.title')}</h2>
          <p className="section__intro">{t('contact.map.text')}</p>
          <ConsentFrame
            ctx={ctx}
            className="contact-map"
            src={site.urls.luganoMap}
            title={t('contact.map.frameTitle')}
            description={t('contact.map.placeholder')}
          />
        </div>
      </section>

      <section className="section section--tinted" id="faq" aria-labelledby="faq-title">
        <div className="container">
          <h2 id="faq-title">{t('contact.faq.title')}</h2>
          <p className="section__intro">{t('contact.faq.intro')}</p>
          <div className="faq-list" data-count="faq">
            {translator.indices('contact.faq.items').map((index) => (
              <article key={index} className="faq-item" aria-labelledby={`faq-question-${index}`}>
                <h3 id={`faq-question-${index}`}>{t(`contact.faq.items.${index}.question`)}</h3>
                <p>{t(`contact.faq.items.${index}.answer`)}</p>
              </article>
            ))}
          </div>
        </div>
      </section>
    </Document>
  );
}
