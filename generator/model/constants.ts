/**
 * Facts of the site that the content, the build and the templates all name: ids of
 * legal documents and zones, the placeholders every text may use, the images the
 * pages show, limits. The content schemas check files against them; the templates
 * read them. They change with the code, never with the content.
 */

/** Facts of the site settings that any text or legal document may name as `{{brand}}` etc. */
export const sitePlaceholders = [
  'brand',
  'founded',
  'email',
  'street',
  'postalCode',
  'city',
  'country',
] as const;
export type SitePlaceholder = (typeof sitePlaceholders)[number];

/** The plan whose card carries the business-zone badge (the zone in which business use is included); plans.yaml must have it. */
export const businessBadgePlanId = 'my-europe-plus';

/** The illustrations under content/images that the pages show. */
export const requiredImages = ['vision.svg', 'partnership-hero.svg', 'coverage-banner.svg'] as const;
export type RequiredImage = (typeof requiredImages)[number];

/** Longest text of any field: the longest paragraph of the site is about 700 characters; a much longer one is a paste gone wrong, and would slow every page. */
export const maxTextLength = 4000;

/** The longest page title and description, in characters, that search engines show whole. */
export const headLimits = { title: 60, description: 160 } as const;

export const zoneIds = ['switzerland', 'europe', 'business', 'global'] as const;

export const legalDocumentIds = ['tariffs', 'terms', 'privacy', 'cookie'] as const;
/** The documents the legal page can open from its path (/legal/<section>/); each has a slug per language in slugs.yaml. */
export const legalSectionIds = [
  'tariffs',
  'privacy',
  'cookie',
] as const satisfies readonly (typeof legalDocumentIds)[number][];
/**
 * The element id of each document on the legal page, so the URL fragment that opens it
 * (`/condizioni/#privacy-policy`). An anchor, not a slug: it is the same in every language.
 */
export const legalDocumentElementIds: Record<(typeof legalDocumentIds)[number], string> = {
  tariffs: 'tariffs',
  terms: 'terms',
  privacy: 'privacy-policy',
  cookie: 'cookie',
};
export type LegalDocumentId = (typeof legalDocumentIds)[number];

/** The paths the default language alone has, each a slug of its own (/<slug>/, no language prefix). */
export const defaultLanguagePathIds = ['legalAlias', 'cookiePolicy', 'privacyRedirect'] as const;
export type DefaultLanguagePathId = (typeof defaultLanguagePathIds)[number];
