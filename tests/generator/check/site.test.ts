/** The built folder as the gates see it: page paths of files, the pages the preview serves, the public origin. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  htmlFiles,
  pagePathOf,
  publicOriginOf,
  servedPages,
  serveSite,
  type ServedSite,
} from '../../../generator/check/site.ts';
import { makeTempDir } from '../../helpers/site.ts';

async function writeSite(files: Record<string, string>): Promise<string> {
  const dir = await makeTempDir('check-site');
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

/** A home page naming its public origin, a page, a page the host rules forward, a not-found page and a stylesheet. */
const siteWithAForward = {
  'index.html': '<link rel="canonical" href="https://www.example.test/">',
  'en/pagina-prova/index.html': '<title>About</title>',
  'pagina-inoltrata/index.html': '<title>Old privacy page</title>',
  '404.html': '<title>Not found</title>',
  'assets/site.css': 'body{}',
  _redirects: '/pagina-inoltrata /terms/#privacy 301!\n',
};

let dir: string;
let served: ServedSite;
beforeAll(async () => {
  dir = await writeSite(siteWithAForward);
  served = await serveSite(dir);
});
afterAll(() => served?.close());

describe('pagePathOf', () => {
  it('serves a folder’s index.html at the folder and any other file at its own path', () => {
    expect(pagePathOf('index.html')).toBe('/');
    expect(pagePathOf('en/pagina-prova/index.html')).toBe('/en/pagina-prova/');
    expect(pagePathOf('404.html')).toBe('/404.html');
    expect(pagePathOf('en/not-index.html')).toBe('/en/not-index.html');
  });
});

describe('htmlFiles', () => {
  it('lists every HTML file, sorted, with its page path, and nothing else', async () => {
    expect(await htmlFiles(dir)).toEqual([
      { file: '404.html', path: '/404.html' },
      { file: 'en/pagina-prova/index.html', path: '/en/pagina-prova/' },
      { file: 'index.html', path: '/' },
      { file: 'pagina-inoltrata/index.html', path: '/pagina-inoltrata/' },
    ]);
  });
});

describe('serveSite and servedPages', () => {
  it('serves the folder on 127.0.0.1 with its host rules', async () => {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${served.url}/pagina-inoltrata/`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/terms/#privacy');
  });

  it('splits the files into pages served at their path and pages the rules forward', async () => {
    const { pages, forwarded } = await servedPages(served.url, await htmlFiles(dir));
    expect(pages.map((page) => page.path)).toEqual(['/404.html', '/en/pagina-prova/', '/']);
    expect(forwarded).toEqual([{ file: 'pagina-inoltrata/index.html', path: '/pagina-inoltrata/' }]);
  });
});

describe('publicOriginOf', () => {
  it('is the origin of the home page’s canonical URL', async () => {
    expect(await publicOriginOf(dir)).toBe('https://www.example.test');
  });

  it('is undefined without a home page, without a canonical link, or with one that is not a URL', async () => {
    expect(await publicOriginOf(await writeSite({ 'en/index.html': '' }))).toBeUndefined();
    expect(await publicOriginOf(await writeSite({ 'index.html': '<title>Home</title>' }))).toBeUndefined();
    expect(
      await publicOriginOf(await writeSite({ 'index.html': '<link rel="canonical" href="/relative/">' })),
    ).toBeUndefined();
  });
});
