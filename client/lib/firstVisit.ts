/**
 * The first-visit language decision, as a pure function so it can
 * be tested without a browser. It runs only on `/`, at most once per session and
 * never for search-engine bots; the session flag is set whenever it runs.
 * Within that, a valid stored language wins over the browser's: stored `it`
 * stays here, a stored en/de/fr sends this first `/` of the session to its home.
 * Without one, a browser language starting with another language's code (en,
 * de, fr) leads to its home (/en/, /de/, /fr/). Because the flag ends the decision
 * for the session, the default language's home (header Home link, logo) stays reachable after the first landing even
 * when another language is stored, e.g. after following a shared /en/ link.
 */
import type { ClientLanguages } from './buildConstants.ts';
import { isSiteLanguage, type SiteLanguage } from './storage.ts';

export interface FirstVisitInput {
  path: string;
  storedLanguage: string | null;
  redirectDone: boolean;
  userAgent: string;
  browserLanguage: string;
  /** The site's languages, from the build. */
  languages: ClientLanguages;
}

export interface FirstVisitDecision {
  /** Where to replace the location, if anywhere. */
  target?: string;
  /** Whether to set lang_redirect_done for this session. */
  setRedirectDone: boolean;
}

const botPattern =
  /bot|crawl|spider|slurp|mediapartners|bingpreview|facebookexternalhit|embedly|linkedinshare|lighthouse|inspectiontool|headlesschrome\/[\d.]+ \(compatible/i;

export function isSearchEngineBot(userAgent: string): boolean {
  return botPattern.test(userAgent);
}

/** The default language lives at `/`; the other languages at their prefix. */
function homeOf(language: SiteLanguage, languages: ClientLanguages): string | undefined {
  return language === languages.default ? undefined : `/${language}/`;
}

/** The home the browser's language asks for (`de-CH` asks for de): only the other languages redirect. */
function homeForBrowserLanguage(browserLanguage: string, languages: ClientLanguages): string | undefined {
  const wanted = browserLanguage.toLowerCase();
  const language = languages.codes.find((code) => wanted.startsWith(code));
  return language ? homeOf(language, languages) : undefined;
}

export function decideFirstVisit(input: FirstVisitInput): FirstVisitDecision {
  if (input.path !== '/') return { setRedirectDone: false };
  if (input.redirectDone || isSearchEngineBot(input.userAgent)) return { setRedirectDone: true };
  const { languages } = input;
  const target = isSiteLanguage(input.storedLanguage, languages)
    ? homeOf(input.storedLanguage, languages)
    : homeForBrowserLanguage(input.browserLanguage, languages);
  return { target, setRedirectDone: true };
}
