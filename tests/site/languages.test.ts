/**
 * Languages and slugs are content: a fifth language added to a copy of the real
 * content (Romansh, texts copied from Italian) reaches every page, button, sitemap
 * entry, host rule and browser script; a language, slug or flag the site cannot
 * serve is a located content error.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../generator/content/load.ts';
import { SiteError } from '../../generator/errors/siteError.ts';
import { buildInMemory, type MemoryBuild } from '../helpers/memoryBuild.ts';
import { realOrigin, realRouteTable, realSlugs } from '../helpers/routeTable.ts';
import { copyRealContent, makeTempDir } from '../helpers/site.ts';
import { parse } from 'node-html-parser';

let workDir: string;

/** The about page's Italian slug, which the added language reuses (withFifthLanguage). */
const aboutSlug = realSlugs.about.it;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

beforeAll(async () => {
  workDir = await makeTempDir('languages');
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function edit(file: string, change: (source: string) => string) {
  const source = await readFile(file, 'utf8');
  const changed = change(source);
  expect(changed).not.toBe(source);
  await writeFile(file, changed);
}

/** A copy of the real content with Romansh added last: its texts and legal documents copied from Italian. */
const withRomansh = (name: string) => withFifthLanguage(name, 'rm', 'name: Rumantsch\n    locale: rm-CH');

/** A copy of the real content with one more language last (`fields` beside its code and flag); texts and legal documents copied from Italian. */
async function withFifthLanguage(name: string, code: string, fields: string): Promise<string> {
  const contentDir = await copyRealContent(path.join(workDir, name));
  await edit(path.join(contentDir, 'languages.yaml'), (source) =>
    source
      .replace(
        '\n# The order of the language buttons',
        `  - code: ${code}\n    ${fields}\n    flag: CH\n\n# The order of the language buttons`,
      )
      .replace('buttons: [it, fr, de, en]', `buttons: [it, fr, de, en, ${code}]`),
  );
  await edit(path.join(contentDir, 'slugs.yaml'), (source) =>
    source.replace(/ \}$/gm, (end: string, offset: number) =>
      isSlugLine(source, offset) ? `, ${code}: ${slugOf(source, offset)} }` : end,
    ),
  );
  await cp(path.join(contentDir, 'texts/it'), path.join(contentDir, `texts/${code}`), { recursive: true });
  await cp(path.join(contentDir, 'legal/it.yaml'), path.join(contentDir, `legal/${code}.yaml`));
  return contentDir;
}

/** The Italian slug on the line that ends at `offset`, reused for Romansh. */
function slugOf(source: string, offset: number): string {
  const line = source.slice(source.lastIndexOf('\n', offset) + 1, offset);
  return /\bit: ([^,]+),/.exec(line)![1];
}

/** Whether the line that ends at `offset` is a page's slugs in every language (not a former slug's). */
const isSlugLine = (source: string, offset: number) =>
  /\bit: [^,[]+,/.test(source.slice(source.lastIndexOf('\n', offset) + 1, offset));

async function loadError(contentDir: string): Promise<SiteError> {
  const error = await loadContent(contentDir).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SiteError);
  expect((error as SiteError).code).toBe('CONTENT_INVALID');
  return error as SiteError;
}

describe('a language written right to left (Arabic)', () => {
  let site: MemoryBuild;

  beforeAll(async () => {
    site = await buildInMemory(await withFifthLanguage('arabic', 'ar', 'name: العربية\n    locale: ar-CH'));
  });

  it('gives its pages dir="rtl" from the language, and the others none (left to right, the default)', () => {
    const html = (file: string) => parse(site.text(file)).querySelector('html')!;
    expect([html('ar/index.html').getAttribute('lang'), html('ar/index.html').getAttribute('dir')]).toEqual([
      'ar',
      'rtl',
    ]);
    expect(html(`ar/${aboutSlug}/index.html`).getAttribute('dir')).toBe('rtl');
    expect(html('index.html').getAttribute('dir')).toBeUndefined();
    expect(html('en/index.html').getAttribute('dir')).toBeUndefined();
  });

  it('marks a language button whose direction differs from the page', () => {
    const italian = parse(site.text('index.html'));
    expect(italian.querySelector('a[data-language="ar"]')?.getAttribute('dir')).toBe('rtl');
    expect(italian.querySelector('a[data-language="en"]')?.getAttribute('dir')).toBeUndefined();
    const arabic = parse(site.text('ar/index.html'));
    expect(arabic.querySelector('a[data-language="en"]')?.getAttribute('dir')).toBe('ltr');
  });
});

describe('a fifth language added as content (Romansh)', () => {
  let site: MemoryBuild;

  beforeAll(async () => {
    site = await buildInMemory(await withRomansh('romansh'));
  });

  it('builds every page in Romansh, each with its rm alternate', () => {
    expect(site.report.languages).toEqual(['it', 'en', 'de', 'fr', 'rm']);
    expect(site.report.pagesByLanguage.rm).toBe(site.report.pagesByLanguage.en);
    const files = [
      'index.html',
      `${aboutSlug}/index.html`,
      `rm/${aboutSlug}/index.html`,
      realRouteTable.routes.find((route) => route.page === 'legal' && route.language === 'en')!.file,
      `rm/${realSlugs.cockpit.it}/index.html`,
    ];
    for (const file of files) {
      const page = parse(site.text(file));
      expect(page.querySelector('link[rel="alternate"][hreflang="rm"]')?.getAttribute('href'), file).toMatch(
        new RegExp(`^${escapeRegExp(realOrigin)}/rm/`),
      );
    }
    expect(parse(site.text('rm/index.html')).querySelector('html')?.getAttribute('lang')).toBe('rm');
  });

  it('shows an RM button with its flag in the header, the footer and the mobile menu', () => {
    const page = parse(site.text(`${aboutSlug}/index.html`));
    const buttons = page.querySelectorAll('a[data-language="rm"]');
    expect(buttons.length).toBeGreaterThanOrEqual(2);
    for (const button of buttons) {
      expect(button.getAttribute('href')).toBe(`/rm/${aboutSlug}/`);
      expect(button.text).toContain('RM');
      expect(button.text).toContain('Rumantsch');
      expect(button.querySelector('svg.flag')).not.toBeNull();
    }
    const order = page
      .querySelector('.language-switcher')!
      .querySelectorAll('a')
      .map((link) => link.getAttribute('data-language'));
    expect(order).toEqual(['it', 'fr', 'de', 'en', 'rm']);
  });

  it('lists the Romansh pages in the sitemap', () => {
    const sitemap = site.text('sitemap.xml');
    expect(sitemap).toContain(`<loc>${realOrigin}/rm/${aboutSlug}/</loc>`);
    expect(sitemap).toContain(`hreflang="rm" href="${realOrigin}/rm/"`);
  });

  it('sends /rm/unknown to the Romansh not-found page on every host', () => {
    expect(site.paths).toContain('rm/404.html');
    expect(site.text('_redirects')).toContain('/rm/* /rm/404.html 404');
    expect(site.text('nginx.conf')).toMatch(/location \/rm\/ \{\n {4}error_page 404 \/rm\/404\.html;/);
    expect(site.text('.htaccess')).toContain(
      '<If "%{REQUEST_URI} =~ m#^/rm/#">\n  ErrorDocument 404 /rm/404.html',
    );
    expect(site.text('vercel.json')).toContain('"src": "^/rm/.*$"');
  });

  it('bundles the five languages into the browser scripts, so /rm/ is a language prefix there', () => {
    const main = site.paths.find((file) => /^assets\/main\.[A-Z0-9]+\.js$/.test(file))!;
    expect(site.text(main)).toMatch(/codes:\["it","en","de","fr","rm"\]/);
    const inline = /<script>([^<]*)<\/script>/.exec(site.text('index.html'))![1];
    expect(inline).toMatch(/codes:\["it","en","de","fr","rm"\]/);
  });
});

describe('languages and slugs that the site cannot serve', () => {
  it('reports a language listed without its text files at its entry in languages.yaml', async () => {
    const contentDir = await withRomansh('no-texts');
    await rm(path.join(contentDir, 'texts/rm'), { recursive: true });
    const error = await loadError(contentDir);
    const problem = error.problems.find((candidate) => candidate.message.includes('"rm" has no text files'));
    const line =
      (await readFile(path.join(contentDir, 'languages.yaml'), 'utf8')).split('\n').indexOf('  - code: rm') +
      1;
    expect(line).toBeGreaterThan(1);
    expect(problem?.location).toMatchObject({ file: path.join(contentDir, 'languages.yaml'), line });
  });

  it('reports a missing slug, a duplicate path and a flag it cannot draw, each where it is written', async () => {
    const contentDir = await copyRealContent(path.join(workDir, 'bad-slugs'));
    // The contact page loses its German slug; the coverage page takes the about page's English one.
    const aboutEnglish = realSlugs.about.en;
    await edit(path.join(contentDir, 'slugs.yaml'), (source) =>
      source
        .replace(/^(contact: \{.*?)\bde: [^,}]+, /m, '$1')
        .replace(/^(coverage: \{.*?\ben: )[^,}]+/m, `$1${aboutEnglish}`),
    );
    await edit(path.join(contentDir, 'languages.yaml'), (source) =>
      source.replace(/(- code: en\n(?: {4}\w+: .*\n)*? {4}flag: )\w+/, '$1ZZ'),
    );
    const error = await loadError(contentDir);
    const slugs = path.join(contentDir, 'slugs.yaml');
    const lineIn = async (file: string, pattern: RegExp) =>
      (await readFile(file, 'utf8')).split('\n').findIndex((line) => pattern.test(line)) + 1;
    const languagesFile = path.join(contentDir, 'languages.yaml');
    const flagLine = await lineIn(languagesFile, /flag: ZZ/);
    expect(
      error.problems.map((problem) => [
        problem.code,
        problem.message,
        problem.location?.file,
        problem.location?.line,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [
          'CONTENT_REFERENCE',
          `languages[${realRouteTable.languages.codes.indexOf('en')}].flag: No flag drawn for "ZZ"`,
          languagesFile,
          flagLine,
        ],
        [
          'ROUTE_CONFLICT',
          `coverage.en: "${aboutEnglish}" is also the slug of about.en; both would be ${realRouteTable.pathOf('about', 'en')}`,
          slugs,
          await lineIn(slugs, /^coverage:/),
        ],
        ['CONTENT_SCHEMA', 'contact.de: Missing slug', slugs, await lineIn(slugs, /^contact:/)],
      ]),
    );
  });
});
