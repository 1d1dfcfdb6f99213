/** The head gate on tiny sites: each fault of what search engines and link previews read, named exactly. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gate } from '../../../generator/check/head.ts';
import { htmlFiles, serveSite } from '../../../generator/check/site.ts';
import type { CheckContext, Problem } from '../../../generator/check/types.ts';
import { makeTempDir } from '../../helpers/site.ts';

const origin = 'https://www.example.test';

interface PageParts {
  lang?: string;
  h1s?: number;
  title?: string;
  description?: string;
  /** A path on the public origin, or a full URL. */
  canonical?: string;
  robots?: string;
  /** hreflang to path on the public origin. */
  alternates?: Record<string, string>;
  jsonLd?: string;
  body?: string;
}

/** A page that passes the gate unless a part says otherwise. */
function page(parts: PageParts = {}): string {
  const {
    lang = 'it',
    h1s = 1,
    title = 'Abbonamenti per aziende',
    description = 'Abbonamenti mobili per aziende svizzere.',
    canonical,
    robots,
    alternates = {},
    jsonLd,
    body = '',
  } = parts;
  const absolute = (href: string) => (href.startsWith('http') ? href : `${origin}${href}`);
  return [
    `<!doctype html><html${lang ? ` lang="${lang}"` : ''}><head>`,
    title ? `<title>${title}</title>` : '',
    description ? `<meta name="description" content="${description}">` : '',
    robots ? `<meta name="robots" content="${robots}">` : '',
    canonical ? `<link rel="canonical" href="${absolute(canonical)}">` : '',
    ...Object.entries(alternates).map(
      ([hreflang, href]) => `<link rel="alternate" hreflang="${hreflang}" href="${absolute(href)}">`,
    ),
    jsonLd ? `<script type="application/ld+json">${jsonLd}</script>` : '',
    '</head><body>',
    '<h1>Titolo</h1>'.repeat(h1s),
    body,
    '</body></html>',
  ].join('');
}

/** Runs the gate on a site of these files, served as the check serves it, on the public origin above. */
async function headProblems(files: Record<string, string>): Promise<Problem[]> {
  const dir = await makeTempDir('head-gate');
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  const served = await serveSite(dir);
  try {
    const context = { dir, url: served.url, pages: await htmlFiles(dir), publicOrigin: origin };
    const outcome = await gate.run(context as CheckContext);
    expect(outcome.checked).toBe(Object.keys(files).filter((file) => file.endsWith('.html')).length);
    return outcome.problems;
  } finally {
    await served.close();
  }
}

const error = (page: string, message: string): Problem => ({ severity: 'error', page, message });

/** Italian and English home pages that name each other, with an x-default. */
const reciprocalPair = {
  'index.html': page({ canonical: '/', alternates: { it: '/', en: '/en/', 'x-default': '/' } }),
  'en/index.html': page({
    lang: 'en',
    canonical: '/en/',
    alternates: { it: '/', en: '/en/', 'x-default': '/' },
  }),
};

describe('the head gate', () => {
  it('finds nothing on pages with one h1, a title, a description, a canonical and reciprocal alternates', async () => {
    expect(await headProblems(reciprocalPair)).toEqual([]);
  });

  it('wants exactly one h1, a lang, a title and a description', async () => {
    expect(
      await headProblems({
        'index.html': page({ lang: '', h1s: 2, title: '', description: '', canonical: '/' }),
      }),
    ).toEqual([
      error('/', 'the html element has no lang attribute'),
      error('/', 'has 2 h1 headings; a page has exactly one'),
      error('/', 'has no title'),
      error('/', 'has no meta description'),
    ]);
  });

  it('counts title and description in characters, not bytes, against their limits', async () => {
    const title = 'è'.repeat(61);
    expect(
      await headProblems({
        'index.html': page({ title, description: 'ü'.repeat(161), canonical: '/' }),
        'en/index.html': page({ title: 'è'.repeat(60), description: 'ü'.repeat(160), canonical: '/en/' }),
      }),
    ).toEqual([
      error('/', `title has 61 characters, over 60: "${title}"`),
      error('/', 'description has 161 characters, over 160'),
    ]);
  });

  it('wants a canonical link unless the page is noindex', async () => {
    expect(
      await headProblems({
        'index.html': page(),
        '404.html': page({ robots: 'noindex' }),
      }),
    ).toEqual([error('/', 'has no canonical link (and is not noindex)')]);
  });

  it('wants the canonical on the public origin, answering 200 without a redirect', async () => {
    expect(
      await headProblems({
        'index.html': page({ canonical: '/' }),
        'en/index.html': page({ canonical: '/en' }),
        'de/index.html': page({ canonical: '/de/gone/' }),
        'fr/index.html': page({ canonical: 'https://elsewhere.example/fr/' }),
      }),
    ).toEqual([
      error('/de/', 'canonical /de/gone/ answers 404, not 200'),
      error('/en/', 'canonical /en answers 301, not 200'),
      error('/fr/', `canonical https://elsewhere.example/fr/ is not on the site's origin ${origin}`),
    ]);
  });

  it('names each fault of a wrong hreflang set: no x-default, not a page, wrong language, not named back, off the site', async () => {
    expect(
      await headProblems({
        ...reciprocalPair,
        'de/index.html': page({
          lang: 'de',
          canonical: '/de/',
          alternates: {
            de: '/de/',
            fr: '/fr/',
            it: '/',
            es: '/en/',
            rm: 'https://elsewhere.example/rm/',
          },
        }),
      }),
    ).toEqual([
      error('/de/', 'hreflang rm points off the site: https://elsewhere.example/rm/'),
      error('/de/', 'has hreflang alternates but no x-default'),
      error('/de/', 'hreflang fr → /fr/ is not a page of the site'),
      error('/de/', 'hreflang it → / does not name /de/ back'),
      error('/de/', 'hreflang es → /en/, a page in en'),
      error('/de/', 'hreflang es → /en/ does not name /de/ back'),
    ]);
  });

  it('wants JSON-LD that parses, and every FAQ question in it visible on the page', async () => {
    const faq = JSON.stringify({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'FAQPage',
          mainEntity: [
            { '@type': 'Question', name: 'Is roaming included?' },
            { '@type': 'Question', name: 'Can I keep my number?' },
          ],
        },
      ],
    });
    expect(
      await headProblems({
        'index.html': page({
          canonical: '/',
          jsonLd: faq,
          body: '<p>Is   roaming\nincluded?</p><p hidden>Can I keep my number?</p>',
        }),
        'en/index.html': page({ canonical: '/en/', jsonLd: '{"@type": "Organization",' }),
      }),
    ).toEqual([
      expect.objectContaining({ page: '/en/', message: expect.stringMatching(/^JSON-LD does not parse: /) }),
      error('/', 'FAQ question in JSON-LD is not visible on the page: "Can I keep my number?"'),
    ]);
  });
});
