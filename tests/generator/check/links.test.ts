/** The links gate on a tiny site served as the check serves it: each kind of broken link named, external URLs listed. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gate } from '../../../generator/check/links.ts';
import { htmlFiles, servedPages, serveSite } from '../../../generator/check/site.ts';
import type { CheckContext, GateOutcome } from '../../../generator/check/types.ts';
import { makeTempDir } from '../../helpers/site.ts';

const html = (body: string) =>
  `<!doctype html><html lang="it"><head><title>t</title></head><body>${body}</body></html>`;

/** Runs the gate on a site of these files; `oversized` pages are left to the budgets gate. */
async function checkLinks(
  files: Record<string, string>,
  options: { external?: boolean; oversized?: string[] } = {},
): Promise<GateOutcome> {
  const dir = await makeTempDir('links-gate');
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  const served = await serveSite(dir);
  try {
    const all = await htmlFiles(dir);
    const tooLarge = new Set(options.oversized ?? []);
    const { pages, forwarded } = await servedPages(
      served.url,
      all.filter((page) => !tooLarge.has(page.path)),
    );
    const context = {
      dir,
      url: served.url,
      pages,
      forwarded,
      oversized: all.filter((page) => tooLarge.has(page.path)).map((page) => ({ page, bytes: 1 })),
      publicOrigin: 'https://www.example.test',
      external: options.external ?? false,
    };
    return await gate.run(context as CheckContext);
  } finally {
    await served.close();
  }
}

describe('the links gate', () => {
  it('finds nothing where every link, asset and fragment resolves', async () => {
    const outcome = await checkLinks({
      'index.html': html(
        '<a href="/en/">en</a><a href="/en/#plans">plans</a><a href="#top">top</a><img src="/logo.svg" alt="">' +
          '<a href="https://www.example.test/en/">canonical form, the head gate’s</a>',
      ),
      'en/index.html': html('<h2 id="plans">Plans</h2><a href="/">it</a>'),
      'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    expect(outcome.problems).toEqual([]);
    expect(outcome.summary).toMatch(/ from 2 pages, 1 fragment link, 0 external URLs$/);
  });

  it('names a missing page, a missing image and a link through a redirect, with the page they are on', async () => {
    const outcome = await checkLinks({
      'index.html': html(
        '<a href="/gone/">gone</a><img src="/missing.png" alt=""><a href="/en">no slash</a>',
      ),
      'en/index.html': html(''),
    });
    expect(outcome.problems).toEqual(
      expect.arrayContaining([
        { severity: 'error', page: '/', message: 'broken link /gone/: answers 404' },
        { severity: 'error', page: '/', message: 'broken link /missing.png: answers 404' },
        {
          severity: 'error',
          page: '/',
          message: 'broken link /en: passes through a redirect (301): link to where it leads',
        },
      ]),
    );
    expect(outcome.problems).toHaveLength(3);
  });

  it('names a fragment with no element of that id, on a page and at the end of a host rule’s redirect', async () => {
    const outcome = await checkLinks({
      'index.html': html('<a href="/en/#nowhere">x</a><a href="/en/#plans">y</a>'),
      'en/index.html': html('<h2 id="plans">Plans</h2>'),
      'pagina-prova/index.html': html(''),
      _redirects: '/pagina-prova /en/#privacy-policy 301!\n',
    });
    expect(outcome.problems).toEqual([
      { severity: 'error', page: '/', message: 'broken link /en/#nowhere: fragment not found on the page' },
      {
        severity: 'error',
        page: '/pagina-prova/',
        message: 'broken link /en/#privacy-policy: fragment not found on the page',
      },
    ]);
  });

  it('lists external URLs once, sorted, without fetching them unless asked', async () => {
    const outcome = await checkLinks({
      'index.html': html('<a href="https://z.example.net/">z</a><a href="https://a.example.net/x">a</a>'),
      'en/index.html': html('<a href="https://a.example.net/x">a again</a>'),
    });
    expect(outcome.problems).toEqual([
      {
        severity: 'info',
        page: expect.any(String),
        message: 'external link, not fetched: https://a.example.net/x',
      },
      { severity: 'info', page: '/', message: 'external link, not fetched: https://z.example.net/' },
    ]);
    expect(outcome.summary).toMatch(/, 2 external URLs$/);
  });

  it('leaves a page too large to check to the budgets gate: links to it are not crawled', async () => {
    const outcome = await checkLinks(
      {
        'index.html': html('<a href="/huge/#anything">huge</a>'),
        'huge/index.html': html('<a href="/gone/">never read</a>'),
      },
      { oversized: ['/huge/'] },
    );
    expect(outcome.problems).toEqual([]);
  });
});
