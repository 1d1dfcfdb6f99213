/**
 * Each page's title and description: from its text file's `meta`, the cookie policy's from
 * its own document (its first paragraph, cut to what search engines show), the forwarding
 * pages' from their one title. A translator that echoes its keys shows which text was asked.
 */
import { describe, expect, it } from 'vitest';
import type { Content } from '../../../generator/content/load.ts';
import { pageMeta } from '../../../generator/model/pageMeta.ts';
import type { Translator } from '../../../generator/model/translator.ts';

const translator: Translator = {
  language: 'en',
  locale: 'en-CH',
  siteValues: {},
  t: (key) => `<${key}>`,
  indices: () => [],
};

const withCookiePolicy = (sections: { heading: string; paragraphs?: string[] }[]) =>
  ({
    cookiePolicy: { title: 'Informativa di prova', lastUpdated: '2025-01', sections },
  }) as unknown as Content;
const noContent = withCookiePolicy([]);

describe('pageMeta', () => {
  it('takes a page’s title and description from its text file’s meta', () => {
    expect(pageMeta('about', translator, noContent)).toEqual({
      title: '<about.meta.title>',
      description: '<about.meta.description>',
    });
    expect(pageMeta('notFound', translator, noContent).title).toBe('<notFound.meta.title>');
  });

  it('titles the forwarding pages with their one text', () => {
    expect(pageMeta('moved', translator, noContent)).toEqual({
      title: '<common.moved.title>',
      description: '<common.moved.title>',
    });
    expect(pageMeta('privacyRedirect', translator, noContent).title).toBe('<legal.redirect.title>');
  });

  it('describes the cookie policy by its first paragraph', () => {
    const content = withCookiePolicy([
      { heading: 'Scope' },
      { heading: 'Cookies', paragraphs: ['We use one cookie.', 'Second.'] },
    ]);
    expect(pageMeta('cookiePolicy', translator, content)).toEqual({
      title: 'Informativa di prova',
      description: 'We use one cookie.',
    });
  });

  it('cuts a first paragraph longer than 160 characters to 157 and an ellipsis, keeping one of 160', () => {
    const descriptionOf = (paragraph: string) =>
      pageMeta('cookiePolicy', translator, withCookiePolicy([{ heading: 'H', paragraphs: [paragraph] }]))
        .description;
    const long = 'x'.repeat(161);
    expect(descriptionOf(long)).toBe(`${'x'.repeat(157)}…`);
    expect(descriptionOf('x'.repeat(160))).toBe('x'.repeat(160));
    // No space before the ellipsis where the cut falls after one.
    expect(descriptionOf(`${'x'.repeat(156)} ${'y'.repeat(10)}`)).toBe(`${'x'.repeat(156)}…`);
  });

  it('describes a cookie policy without paragraphs by its title', () => {
    expect(pageMeta('cookiePolicy', translator, noContent).description).toBe('Informativa di prova');
  });
});
