/**
 * The browser storage names the site uses (the chosen language, and the session
 * flag that the first-visit redirect has run), and access that survives a browser
 * where storage is disabled (it then behaves as if nothing was stored).
 */
import type { ClientLanguages } from './buildConstants.ts';

export const languageKey = 'lang';
export const redirectDoneKey = 'lang_redirect_done';

/** A language code of the site, as stored or as a button names it. */
export type SiteLanguage = string;

export function isSiteLanguage(value: unknown, languages: ClientLanguages): value is SiteLanguage {
  return typeof value === 'string' && languages.codes.includes(value);
}

type Area = 'localStorage' | 'sessionStorage';

export function readStored(area: Area, key: string): string | null {
  try {
    return window[area].getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(area: Area, key: string, value: string | null): void {
  try {
    if (value === null) window[area].removeItem(key);
    else window[area].setItem(key, value);
  } catch {
    // Storage is unavailable (private mode, blocked): the choice lasts for this page only.
  }
}
