/**
 * Language buttons: their links already lead to the same page in the other
 * language (from the route table). The script stores the choice, clears the
 * first-visit flag and replaces the history entry instead of adding one, keeping
 * the query and the hash: every page has the same ids in every language (a
 * browser test checks this), so `#tariff-zones` still names the same section.
 * Visiting a language's home under its prefix (/it/, /en/, …) stores it.
 */
import type { ClientLanguages } from './buildConstants.ts';
import { isSiteLanguage, languageKey, redirectDoneKey, writeStored, type SiteLanguage } from './storage.ts';

/** The language whose prefix the path starts with (`/en/…`, or `/it/` for the default), if any. */
export function languagePrefixOf(pathname: string, languages: ClientLanguages): SiteLanguage | undefined {
  const first = pathname.split('/')[1];
  return languages.codes.includes(first) ? first : undefined;
}

/** An unknown path keeps its rest and just swaps the language prefix (none for the default language). */
export function prefixedPath(pathname: string, target: SiteLanguage, languages: ClientLanguages): string {
  const prefix = languagePrefixOf(pathname, languages);
  const rest = (prefix ? pathname.slice(prefix.length + 1) : pathname) || '/';
  return target === languages.default ? rest : `/${target}${rest === '/' ? '/' : rest}`;
}

export function chooseLanguage(language: SiteLanguage, href: string): void {
  writeStored('localStorage', languageKey, language);
  writeStored('sessionStorage', redirectDoneKey, null);
  location.replace(href);
}

export function initLanguage(doc: Document, languages: ClientLanguages): void {
  const homeLanguage = languagePrefixOf(location.pathname, languages);
  if (homeLanguage && /^\/[^/]+\/?$/.test(location.pathname))
    writeStored('localStorage', languageKey, homeLanguage);
  const unknownPage = doc.body.dataset.page === 'notFound';

  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-language]');
    if (
      !link ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const language = link.dataset.language;
    if (!isSiteLanguage(language, languages)) return;
    event.preventDefault();
    const path = unknownPage
      ? prefixedPath(location.pathname, language, languages)
      : new URL(link.href).pathname;
    chooseLanguage(language, path + location.search + location.hash);
  });
}
