/**
 * The tariff-zones section of the subscriptions page: four zone cards, the
 * zone-by-plan comparison table and the countries of each zone.
 */
import type { Country, Plan, Zone } from '../../generator/content/schemas/offerSchema.ts';
import type { PageContext } from '../context.ts';
import { balancedCardClasses, balancedGridClass } from '../balancedGrid.ts';
import { compareNames, countryName, formatList } from '../format.ts';
import { Icon } from '../Icon.tsx';

interface ZonesProps {
  zones: Zone[];
  plans: Plan[];
  ctx: PageContext;
}

const zoneName = (ctx: PageContext, zone: Zone) => ctx.t(`subscriptions.zones.items.${zone.id}.name`);

function ZoneCard({
  zone,
  plans,
  ctx,
  className,
}: {
  zone: Zone;
  plans: Plan[];
  ctx: PageContext;
  className: string;
}) {
  const { t, translator } = ctx;
  const titleId = `zone-${zone.id}-title`;
  const planNames = plans.filter((plan) => zone.plans.includes(plan.id)).map((plan) => plan.name);
  // Counts in the copy come from the zone's list, so the text cannot contradict it.
  const values = { countries: zone.countries.length };
  return (
    <li className={`zone-card zone-${zone.id} ${className}`} data-zone={zone.id} aria-labelledby={titleId}>
      <Icon name={zone.icon} size={28} />
      <h3 id={titleId}>{zoneName(ctx, zone)}</h3>
      <p>
        <span className="badge">{t(`subscriptions.zones.items.${zone.id}.badge`)}</span>
      </p>
      <p>{t(`subscriptions.zones.items.${zone.id}.description`, values)}</p>
      <p className="zone-card__plans">
        <strong>{t('subscriptions.zones.includedIn')}</strong> {formatList(planNames, translator.locale)}
      </p>
      <ul className="zone-card__features" data-count="zone-features">
        {translator.indices(`subscriptions.zones.items.${zone.id}.features`).map((index) => (
          <li key={index}>
            <Icon name="check" size={18} />{' '}
            {t(`subscriptions.zones.items.${zone.id}.features.${index}`, values)}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Included or not, said in words beside the icon so colour is never the only signal. */
function ZoneComparison({ zones, plans, ctx }: ZonesProps) {
  const { t } = ctx;
  return (
    <div className="table-scroll" role="region" aria-labelledby="zone-comparison-caption" tabIndex={0}>
      <table className="zone-comparison" data-comparison="">
        <caption id="zone-comparison-caption">{t('subscriptions.zones.comparison.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('subscriptions.zones.comparison.zone')}</th>
            {plans.map((plan) => (
              <th key={plan.id} scope="col">
                {plan.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {zones.map((zone) => (
            <tr key={zone.id}>
              <th scope="row">{zoneName(ctx, zone)}</th>
              {plans.map((plan) => {
                const included = zone.plans.includes(plan.id);
                return (
                  <td key={plan.id} data-included={included}>
                    <Icon name={included ? 'check' : 'cross'} size={18} />{' '}
                    {t(
                      included
                        ? 'subscriptions.zones.comparison.included'
                        : 'subscriptions.zones.comparison.notIncluded',
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Switzerland and Liechtenstein first (in the content's order), then the EU and
 * EEA, then the others, each group alphabetical in the page's language.
 */
function orderCountries(countries: Country[], locale: string): { country: Country; name: string }[] {
  const rank = { home: 0, eea: 1, other: 2 } as const;
  return countries
    .map((country, index) => ({ country, index, name: countryName(country.iso, locale, country.nameStyle) }))
    .sort(
      (a, b) =>
        rank[a.country.region] - rank[b.country.region] ||
        (a.country.region === 'home' ? a.index - b.index : compareNames(a.name, b.name, locale)),
    )
    .map(({ country, name }) => ({ country, name }));
}

/** The ISO codes of a country as a data attribute: `CH`, or `GG JE` for a territory made of two. */
const isoCodes = (country: Country) =>
  typeof country.iso === 'string' ? country.iso : country.iso.join(' ');

function ZoneCountryList({
  countries,
  starred,
  name,
  ctx,
}: {
  countries: Country[];
  starred: string[];
  name: string;
  ctx: PageContext;
}) {
  return (
    <ul className="country-list" data-count={name}>
      {orderCountries(countries, ctx.translator.locale).map(({ country, name: label }) => (
        <li key={country.key} data-country={country.key} data-iso={isoCodes(country)}>
          {label}
          {starred.includes(country.key) && <sup className="country-list__star">*</sup>}
        </li>
      ))}
    </ul>
  );
}

/**
 * Every country of the content with its zone written out, so nobody takes a
 * country of no zone for a covered one: those say "rest of world", the
 * pay-per-use column that applies there. The zone is text; colour only repeats it.
 */
function AllCountriesList({ zones, ctx }: Omit<ZonesProps, 'plans'>) {
  const { t, content, translator } = ctx;
  const zoneOf = new Map<string, Zone>();
  for (const zone of zones) for (const key of zone.countries) if (!zoneOf.has(key)) zoneOf.set(key, zone);
  return (
    <ul className="country-list country-list--zones" data-count="countries-all">
      {orderCountries(content.countries, translator.locale).map(({ country, name }) => {
        const zone = zoneOf.get(country.key);
        return (
          <li
            key={country.key}
            className={zone ? `zone-${zone.id}` : 'zone-rest'}
            data-country={country.key}
            data-iso={isoCodes(country)}
          >
            <span className="country-list__name">{name}</span>
            <span className="visually-hidden">{t('subscriptions.countries.zoneSeparator')}</span>{' '}
            <span className="country-list__zone">
              {zone ? zoneName(ctx, zone) : t('subscriptions.countries.restOfWorld')}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function CountriesSection({ zones, ctx }: Omit<ZonesProps, 'plans'>) {
  const { t, content, routeTable, route } = ctx;
  const byKey = new Map(content.countries.map((country) => [country.key, country]));
  const countriesClasses = balancedCardClasses(zones.length);
  return (
    <section className="countries" id="countries-section" aria-labelledby="countries-title">
      <h3 id="countries-title">{t('subscriptions.countries.title')}</h3>
      <p className="section__intro">{t('subscriptions.countries.intro')}</p>
      <div className={balancedGridClass('countries__zones')}>
        {zones.map((zone, index) => (
          <section
            key={zone.id}
            className={`countries__zone zone-${zone.id} ${countriesClasses[index]}`}
            aria-labelledby={`countries-${zone.id}-title`}
          >
            <h4 id={`countries-${zone.id}-title`}>
              {zoneName(ctx, zone)}{' '}
              <span className="countries__count">
                {t(`subscriptions.zones.items.${zone.id}.count`, { count: zone.countries.length })}
              </span>
            </h4>
            <ZoneCountryList
              countries={zone.countries.map((key) => byKey.get(key)!)}
              starred={zone.starred}
              name={`countries-${zone.id}`}
              ctx={ctx}
            />
            {zone.starred.length > 0 && (
              <p className="countries__note">{t(`subscriptions.zones.items.${zone.id}.note`)}</p>
            )}
          </section>
        ))}
      </div>
      <details className="countries__all">
        <summary>{t('subscriptions.countries.all', { count: content.countries.length })}</summary>
        <p className="countries__legend">
          {t('subscriptions.countries.legend')}{' '}
          <a href={routeTable.legalSectionPath('tariffs', route.language)}>
            {t('subscriptions.countries.tariffsLink')}
          </a>
        </p>
        <AllCountriesList zones={zones} ctx={ctx} />
      </details>
    </section>
  );
}

export function TariffZones({ zones, plans, ctx }: ZonesProps) {
  const { t } = ctx;
  const zoneClasses = balancedCardClasses(zones.length);
  return (
    <section className="section section--tinted" id="tariff-zones" aria-labelledby="tariff-zones-title">
      <div className="container">
        <h2 id="tariff-zones-title">{t('subscriptions.zones.title')}</h2>
        <p className="section__intro">{t('subscriptions.zones.subtitle')}</p>
        <ul className={balancedGridClass('zone-grid')} data-count="zones">
          {zones.map((zone, index) => (
            <ZoneCard key={zone.id} zone={zone} plans={plans} ctx={ctx} className={zoneClasses[index]} />
          ))}
        </ul>
        <h3 className="zone-comparison__title">{t('subscriptions.zones.comparison.title')}</h3>
        <ZoneComparison zones={zones} plans={plans} ctx={ctx} />
        <CountriesSection zones={zones} ctx={ctx} />
      </div>
    </section>
  );
}
