/**
 * Which pages the layout gate looks at, at which widths, and which ones it photographs.
 * Pages of one type share their layout, so not every page needs every width; but every
 * page whose content differs is looked at (its longest word may be the one that overflows),
 * and each type is seen in every language at every width. A page whose body is the same as
 * another's (`/it/` and `/`) is the same layout and is left out.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SitePage } from './types.ts';

/** The widths of WCAG's reflow (320) up to a desktop, in CSS px. */
export const layoutWidths = [320, 375, 768, 1024, 1280] as const;
export type LayoutWidth = (typeof layoutWidths)[number];
/** The widths photographed for the contact sheet. */
export const screenshotWidths = { phone: 375, desktop: 1280 } as const satisfies Record<string, LayoutWidth>;

export interface PageFacts {
  page: SitePage;
  /** The body's `data-page` (`home`, `legal`); a page without one is a type of its own. */
  type: string;
  /** `<html lang>`. */
  language: string;
  /** A digest of the body without its links: equal for two copies of one page. */
  fingerprint: string;
}

export interface PlannedPage extends PageFacts {
  /** The widths it is looked at, narrowest first. */
  widths: LayoutWidth[];
  /** Photographed for the contact sheet: the first page of its type in its language. */
  screenshot: boolean;
}

/** The facts of one built page, from its HTML. */
export async function pageFacts(dir: string, page: SitePage): Promise<PageFacts> {
  const html = await readFile(path.join(dir, page.file), 'utf8');
  const body = /<body([^>]*)>([\s\S]*)<\/body>/i.exec(html);
  const type = body && /\bdata-page="([^"]+)"/.exec(body[1])?.[1];
  const language = /<html[^>]*\blang="([^"]+)"/i.exec(html)?.[1] ?? '';
  // Links and the current-page marks differ between copies of one page; what is laid out does not.
  const laidOut = (body?.[2] ?? html).replace(/\s(href|aria-current)="[^"]*"/g, '');
  return {
    page,
    type: type ?? page.path,
    language,
    fingerprint: createHash('sha256').update(laidOut).digest('hex'),
  };
}

/**
 * Every page with a content of its own, each at the narrowest width (where text runs out of
 * room first) and at one more that turns from page to page, so that across a type's pages
 * (one per language at least) every width is seen. The first page of each type in each language
 * is photographed. `all` looks at every page at every width.
 */
export function planLayout(pages: PageFacts[], all = false): PlannedPage[] {
  const seen = new Set<string>();
  const distinct = pages.filter(({ fingerprint }) => !seen.has(fingerprint) && seen.add(fingerprint));
  const types = [...new Set(distinct.map((page) => page.type))];
  const planned: PlannedPage[] = [];
  types.forEach((type, typeIndex) => {
    const ofType = distinct.filter((page) => page.type === type);
    const photographed = new Set<string>();
    ofType.forEach((page, index) => {
      const representative = !photographed.has(page.language);
      photographed.add(page.language);
      // The n-th page of a type at the n-th further width, so that four pages (one per language) see them all.
      const turn = (index + typeIndex) % (layoutWidths.length - 1);
      const widths: LayoutWidth[] = all ? [...layoutWidths] : [layoutWidths[0], layoutWidths[1 + turn]];
      planned.push({ ...page, widths, screenshot: representative });
    });
  });
  return planned;
}
