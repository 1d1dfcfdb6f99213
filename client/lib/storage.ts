/**
 * Browser storage names of section 3, and access that survives a browser where
 * storage is disabled (it then behaves as if nothing was stored).
 */
export const languageKey = 'lang';
export const redirectDoneKey = 'lang_redirect_done';
export const siteLanguages = ['it', 'en', 'de', 'fr'] as const;
export type SiteLanguage = (typeof siteLanguages)[number];

export function isSiteLanguage(value: unknown): value is SiteLanguage {
  return typeof value === 'string' && (siteLanguages as readonly string[]).includes(value);
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
