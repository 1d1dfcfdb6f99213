/**
 * JSON-LD for search engines, typed with schema-dts: Organization and WebSite on
 * every page, LocalBusiness on home and contact, FAQPage where the FAQ is shown.
 * Every value here is also visible on the page (footer, contact page, FAQ).
 */
import type { FAQPage, LocalBusiness, Organization, PostalAddress, WebSite, WithContext } from 'schema-dts';
import type { PageContext } from './context.ts';

type Graph = {
  '@context': 'https://schema.org';
  '@graph': Exclude<WithContext<Organization | WebSite | LocalBusiness | FAQPage>, string>[];
};

export function structuredData(ctx: PageContext): Graph {
  const { content, origin, route, translator, t } = ctx;
  const site = content.site;
  const address: PostalAddress = {
    '@type': 'PostalAddress',
    streetAddress: site.address.street,
    postalCode: site.address.postalCode,
    addressLocality: site.address.city,
    addressCountry: site.address.country,
  };
  const organizationId = `${origin}/#organization`;
  /** What the organization and the local business share: the same company. */
  const identity = {
    name: site.brand,
    url: `${origin}/`,
    email: site.email,
    telephone: site.phones.hotline,
    address,
  };
  const organization: Organization = {
    '@type': 'Organization',
    '@id': organizationId,
    ...identity,
    logo: `${origin}/icon-512.png`,
  };
  const website: WebSite = {
    '@type': 'WebSite',
    '@id': `${origin}/#website`,
    name: site.brand,
    url: `${origin}/`,
    // One node with one @id on every page, so it must not vary by page: the site is in all its languages.
    inLanguage: [...ctx.routeTable.languages.codes],
    publisher: { '@id': organizationId },
  };
  const graph: Graph['@graph'] = [organization, website] as Graph['@graph'];
  if (route.page === 'home' || route.page === 'contact') {
    const business: LocalBusiness = {
      '@type': 'LocalBusiness',
      '@id': `${origin}/#business`,
      ...identity,
      image: `${origin}/icon-512.png`,
      openingHoursSpecification: site.openingHours.map((hours) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: hours.days,
        opens: hours.opens,
        closes: hours.closes,
      })),
    };
    graph.push(business as Graph['@graph'][number]);
  }
  if (route.page === 'contact') {
    const faq: FAQPage = {
      '@type': 'FAQPage',
      inLanguage: route.language,
      mainEntity: translator.indices('contact.faq.items').map((index) => ({
        '@type': 'Question',
        name: t(`contact.faq.items.${index}.question`),
        acceptedAnswer: { '@type': 'Answer', text: t(`contact.faq.items.${index}.answer`) },
      })),
    };
    graph.push(faq as Graph['@graph'][number]);
  }
  return { '@context': 'https://schema.org', '@graph': graph };
}

export function StructuredData({ ctx }: { ctx: PageContext }) {
  // `<` is escaped so no text can close the script element.
  const json = JSON.stringify(structuredData(ctx)).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
