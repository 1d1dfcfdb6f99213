/**
 * The address of the page that shows a text, so a translator can see it in
 * context: the page whose text file holds it, the legal page's section for a
 * legal document, the home page for the texts every page shares.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { readSiteStructure } from '../content/siteStructure.ts';
import type { Language } from '../model/languages.ts';
import { pageIds, pageTypes, type PageType } from '../model/pages.ts';
import { legalSectionIds } from '../model/constants.ts';
import { legalKeyPrefix } from './sources.ts';

export type PageAddress = (key: string, language: Language) => string | undefined;

/** Addresses from the content's slugs and origin; none when they cannot be read (an export still works). */
export async function pageAddresses(contentDir: string): Promise<PageAddress> {
  try {
    const { routeTable } = await readSiteStructure(contentDir);
    const settings = parse(await readFile(path.join(contentDir, 'site.yaml'), 'utf8')) as {
      origin?: unknown;
    };
    const origin = typeof settings.origin === 'string' ? settings.origin.replace(/\/+$/, '') : '';
    const pageOf = (namespace: string) =>
      pageIds.find((id) => (pageTypes[id] as PageType).texts === namespace) ??
      pageIds.find((id) => (pageTypes[id] as PageType).moreTexts?.includes(namespace)) ??
      (namespace === 'common' ? 'home' : undefined);
    return (key, language) => {
      if (key.startsWith(legalKeyPrefix)) {
        const document = key.slice(legalKeyPrefix.length).split('.')[0];
        const section = legalSectionIds.find((id) => id === document);
        return (
          origin +
          (section ? routeTable.legalSectionPath(section, language) : routeTable.pathOf('legal', language))
        );
      }
      const page = pageOf(key.split('.')[0]);
      if (page === undefined || (pageTypes[page].paths !== 'slugs' && page !== 'notFound')) return undefined;
      return origin + routeTable.pathOf(page as Parameters<typeof routeTable.pathOf>[0], language);
    };
  } catch {
    return () => undefined;
  }
}
