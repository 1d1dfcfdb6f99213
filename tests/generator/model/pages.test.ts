/** The page registry and what it derives: slug pages, header entries, text files and scripts of each page type. */
import { describe, expect, it } from 'vitest';
import {
  headerPageIds,
  pageIds,
  pageTypes,
  requiredTextFiles,
  scriptsFor,
  slugPageIds,
  textsOf,
  type PageType,
} from '../../../generator/model/pages.ts';

const typeOf = (id: (typeof pageIds)[number]): PageType => pageTypes[id];

describe('the page registry', () => {
  it('lists the slug pages and the header entries in the registry’s order', () => {
    expect(slugPageIds).toEqual(pageIds.filter((id) => typeOf(id).paths === 'slugs'));
    expect(headerPageIds).toEqual(pageIds.filter((id) => typeOf(id).inHeader === true));
    // The header lists only pages with paths of their own in every language.
    for (const id of headerPageIds) expect(slugPageIds).toContain(id);
  });

  it('gives a page its text file, and none to the pages titled from elsewhere', () => {
    for (const id of pageIds) expect(textsOf(id)).toBe(typeOf(id).texts);
    expect(textsOf('cookiePolicy')).toBeUndefined();
    expect(textsOf('moved')).toBeUndefined();
  });

  it('loads main on every page, then the page’s own scripts', () => {
    for (const id of pageIds) expect(scriptsFor(id)).toEqual(['main', ...(typeOf(id).scripts ?? [])]);
    expect(scriptsFor('notFound')).toEqual(['main', 'notFound']);
  });

  it('requires common and every text file a page type reads, each once', () => {
    const read = pageIds.flatMap((id) => [
      ...(typeOf(id).texts ? [typeOf(id).texts!] : []),
      ...(typeOf(id).moreTexts ?? []),
    ]);
    expect(requiredTextFiles[0]).toBe('common');
    expect(new Set(requiredTextFiles)).toEqual(new Set(['common', ...read]));
    expect(requiredTextFiles).toHaveLength(new Set(requiredTextFiles).size);
  });
});
