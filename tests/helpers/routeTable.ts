/** The route table of the real content (its languages and slugs), as the build makes it. */
import { loadContent } from '../../generator/content/load.ts';
import type { Language } from '../../generator/model/languages.ts';
import { routeTableOf, type Route, type RouteTable } from '../../generator/model/routeTable.ts';
import { realContent } from './site.ts';

const content = await loadContent(realContent);

/** The real content as loaded: tests on the real build derive what they expect from it, never pin it. */
export const realLoadedContent = content;
export const realLanguages = content.languages;
export const realSlugs = content.slugs;
/** The origin of the real site's URLs (content/site.yaml), which the shared build uses. */
export const realOrigin = content.site.origin;
export const realRouteTable = routeTableOf(content);

/**
 * A language's entry in a table a test writes out per language. The languages come
 * from the content, so a language the table lacks fails the test that reads it
 * instead of passing over it.
 */
export function ofLanguage<T>(table: Partial<Record<Language, T>>, language: Language): T {
  const entry = table[language];
  if (entry === undefined) throw new Error(`The table has no entry for the language ${language}`);
  return entry;
}

/**
 * One route per type of page a visitor sees, the legal page with one of its sections
 * open on load (an open section shows markup a closed one hides). The languages take
 * turns, so each language is among them; the route a search engine indexes is
 * preferred over its duplicates (`/` over `/it/`). Pages of a type share their markup
 * in every language, so this sample is what the browser tests that are too costly for
 * every page run on; `site check` runs its browser gates on every page of the build,
 * every section of the legal page open in turn.
 */
export function onePagePerType(table: RouteTable = realRouteTable): Route[] {
  const types = new Map<string, Route[]>();
  for (const route of table.routes) {
    // The privacy forward only forwards: there is no page to see.
    if (route.page === 'privacyRedirect') continue;
    if (route.page === 'legal' && !route.legalSection) continue;
    types.set(route.page, [...(types.get(route.page) ?? []), route]);
  }
  const { codes } = table.languages;
  return [...types.values()].map((routes, index) => {
    const inLanguage = routes.filter((route) => route.language === codes[index % codes.length]);
    const candidates = inLanguage.length > 0 ? inLanguage : routes;
    return candidates.find((route) => route.path === route.canonicalPath) ?? candidates[0];
  });
}

/**
 * A text of the real content by its key (`common.header.closeMenu`: the file, then the path
 * in it), as an editor wrote it: what a test that reads the built site expects to see,
 * instead of a copy of today's wording.
 */
export function realText(language: Language, key: string): string {
  let value: unknown = content.texts[language];
  for (const segment of key.split('.'))
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[segment] : undefined;
  if (typeof value !== 'string') throw new Error(`The ${language} texts have no text at ${key}`);
  return value;
}

/**
 * A pattern matching a text of the content as a page shows it: each `{{placeholder}}` stands
 * for any value, and any whitespace for any (the build may set a no-break space in French).
 */
export function shownAs(text: string): RegExp {
  const pattern = text
    .split(/\{\{\s*\w+\s*\}\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'))
    .join('.+?');
  return new RegExp(`^\\s*${pattern}\\s*$`, 'u');
}
