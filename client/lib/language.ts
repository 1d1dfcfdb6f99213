/**
 * Language buttons: their links already lead to the same page in the other
 * language (from the route table). The script stores the choice, clears the
 * first-visit flag and replaces the history entry instead of adding one, keeping
 * the query and the hash: every page has the same ids in every language (a
 * browser test checks this), so `#tariff-zones` still names the same section.
 * Visiting a language's home under its prefix (/it/, /en/, /de/, /fr/) stores it.
 */
import { isSiteLanguage, languageKey, redirectDoneKey, writeStored, type SiteLanguage } from './storage.ts';

/** An unknown path keeps its rest and just swaps the language prefix (none for Italian). */
export function prefixedPath(pathname: string, target: SiteLanguage): string {
  const rest = pathname.replace(/^\/(it|en|de|fr)(?=\/|$)/, '') || '/';
  return target === 'it' ? rest : `/${target}${rest === '/' ? '/' : rest}`;
}

export function chooseLanguage(language: SiteLanguage, href: string): void {
  writeStored('localStorage', languageKey, language);
  writeStored('sessionStorage', redirectDoneKey, null);
  location.replace(href);
}

export function initLanguage(doc: Document): void {
  const homeMatch = /^\/(it|en|de|fr)\/?$/.exec(location.pathname);
  if (homeMatch) writeStored('localStorage', languageKey, homeMatch[1]);
  const unknownPage = doc.body.dataset.page === 'notFound';

  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-language]');
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const language = link.dataset.language;
    if (!isSiteLanguage(language)) return;
    event.preventDefault();
    const path = unknownPage ? prefixedPath(location.pathname, language) : new URL(link.href).pathname;
    chooseLanguage(language, path + location.search + location.hash);
  });
}
