/**
 * Each page's title and description, from its texts. The head, the social
 * preview images and the structured data all read them here.
 */
import type { Content } from '../content/load.ts';
import { textsOf, type PageId } from './pages.ts';
import type { Translator } from './translator.ts';

export interface PageMeta {
  title: string;
  description: string;
}

export function pageMeta(page: PageId, translator: Translator, content: Content): PageMeta {
  if (page === 'cookiePolicy') {
    const firstParagraph =
      content.cookiePolicy.sections.flatMap((section) => section.paragraphs ?? [])[0] ??
      content.cookiePolicy.title;
    return {
      title: content.cookiePolicy.title,
      description:
        firstParagraph.length > 160 ? `${firstParagraph.slice(0, 157).trimEnd()}…` : firstParagraph,
    };
  }
  if (page === 'privacyRedirect' || page === 'moved') {
    const title = translator.t(page === 'moved' ? 'common.moved.title' : 'legal.redirect.title');
    return { title, description: title };
  }
  // The page registry names the text file whose `meta` describes the page.
  const namespace = textsOf(page);
  if (namespace === undefined) throw new Error(`The page registry gives ${page} no text file for its title`);
  return {
    title: translator.t(`${namespace}.meta.title`),
    description: translator.t(`${namespace}.meta.description`),
  };
}
