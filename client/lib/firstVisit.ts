/**
 * The first-visit language decision of section 4, as a pure function so it can
 * be tested without a browser. It runs only on `/`, at most once per session and
 * never for search-engine bots; the session flag is set whenever it runs.
 * Within that, a valid stored language wins over the browser's: stored `it`
 * stays here, a stored en/de/fr sends this first `/` of the session to its home.
 * Without one, a browser language starting with en, de or fr leads to /en/,
 * /de/ or /fr/. Because the flag ends the decision for the session, the Italian
 * home (header Home link, logo) stays reachable after the first landing even
 * when another language is stored, e.g. after following a shared /en/ link.
 */
import { isSiteLanguage, type SiteLanguage } from './storage.ts';

export interface FirstVisitInput {
  path: string;
  storedLanguage: string | null;
  redirectDone: boolean;
  userAgent: string;
  browserLanguage: string;
}

export interface FirstVisitDecision {
  /** Where to replace the location, if anywhere. */
  target?: string;
  /** Whether to set lang_redirect_done for this session. */
  setRedirectDone: boolean;
}

const botPattern = /bot|crawl|spider|slurp|mediapartners|bingpreview|facebookexternalhit|embedly|linkedinshare|lighthouse|inspectiontool|headlesschrome\/[\d.]+ \(compatible/i;

export function isSearchEngineBot(userAgent: string): boolean {
  return botPattern.test(userAgent);
}

/** Italian lives at `/`; the other languages at their prefix. */
function homeOf(language: SiteLanguage): string | undefined {
  return language === 'it' ? undefined : `/${language}/`;
}

/** The home the browser's language asks for: only en, de and fr redirect. */
function homeForBrowserLanguage(browserLanguage: string): string | undefined {
  const match = /^(en|de|fr)/i.exec(browserLanguage);
  return match ? homeOf(match[1].toLowerCase() as SiteLanguage) : undefined;
}

export function decideFirstVisit(input: FirstVisitInput): FirstVisitDecision {
  if (input.path !== '/') return { setRedirectDone: false };
  if (input.redirectDone || isSearchEngineBot(input.userAgent)) return { setRedirectDone: true };
  const target = isSiteLanguage(input.storedLanguage) ? homeOf(input.storedLanguage) : homeForBrowserLanguage(input.browserLanguage);
  return { target, setRedirectDone: true };
}
