/**
 * The first-visit language decision of section 4, as a pure function so it can
 * be tested without a browser. Only on `/`: a valid stored language wins (the
 * visitor chose it before); otherwise, once per session and never for search
 * engine bots, a browser language starting with en, de or fr leads to /en/,
 * /de/ or /fr/. The session flag is set whenever `/` makes the decision.
 */
import { isSiteLanguage } from './storage.ts';

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

export function decideFirstVisit(input: FirstVisitInput): FirstVisitDecision {
  if (input.path !== '/') return { setRedirectDone: false };
  if (isSiteLanguage(input.storedLanguage)) {
    return { target: input.storedLanguage === 'it' ? undefined : `/${input.storedLanguage}/`, setRedirectDone: true };
  }
  if (input.redirectDone || isSearchEngineBot(input.userAgent)) return { setRedirectDone: true };
  const match = /^(en|de|fr)/i.exec(input.browserLanguage);
  return { target: match ? `/${match[1].toLowerCase()}/` : undefined, setRedirectDone: true };
}
