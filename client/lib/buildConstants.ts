/**
 * Facts of the content that the build bundles into the scripts (esbuild `define`),
 * so no script keeps a copy of its own. Imported by the entry scripts only: the
 * functions in lib/ take what they need as arguments, and tests pass their own.
 */

/** The site's languages (content/languages.yaml): their codes in order, and the default one, served without a prefix. */
export interface ClientLanguages {
  codes: readonly string[];
  default: string;
}

declare const __SITE_LANGUAGES__: ClientLanguages;

export const siteLanguages: ClientLanguages = __SITE_LANGUAGES__;
