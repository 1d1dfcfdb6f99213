/**
 * budgets: what a visitor downloads per page stays small. Gzip sizes of the page's
 * HTML, its style sheets and all script it runs (module scripts with what they import,
 * and inline scripts), and every image with its width and height so nothing jumps
 * while the page loads. The limits are exact bytes, so the tests assert them too.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse } from 'node-html-parser';
import { oversizedProblem } from './pageLimits.ts';
import { plural, type CheckContext, type Gate, type Problem } from './types.ts';

/** Per page, gzip bytes. The one home of these limits: the gate and the tests read them here. */
// Script: 3 KB gzip per page, tighter than the 6 KB first set, so no page waits on script to be usable on a phone.
export const pageBudgets = { html: 30 * 1024, css: 15 * 1024, script: 3 * 1024 } as const;

export interface PageWeight {
  html: number;
  css: number;
  script: number;
  /** `<img>` without a width or height attribute, by src. */
  unsizedImages: string[];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Data, not script: JSON-LD and JSON islands are not run. */
const isDataScript = (type: string | undefined) =>
  type === 'application/json' || type === 'application/ld+json' || type === 'importmap';

/** Gzip bytes of what one page loads from `dir`. */
export async function measurePage(dir: string, file: string): Promise<PageWeight> {
  const html = await readFile(path.join(dir, file));
  const document = parse(html.toString('utf8'));
  const cache = new Map<string, Buffer>();
  const asset = async (src: string): Promise<Buffer | undefined> => {
    if (!cache.has(src))
      cache.set(src, await readFile(path.join(dir, src.replace(/^\//, ''))).catch(() => Buffer.alloc(0)));
    return cache.get(src);
  };
  const pagePath = `/${file}`;
  const local = (href: string) => {
    const url = new URL(href, `http://site${pagePath}`);
    return url.origin === 'http://site' ? url.pathname : undefined;
  };

  let css = 0;
  for (const link of document.querySelectorAll('link[rel~="stylesheet"]')) {
    const href = local(link.getAttribute('href') ?? '');
    if (href) css += gzipSync((await asset(href))!).length;
  }
  for (const style of document.querySelectorAll('style')) css += gzipSync(style.text).length;

  const seen = new Set<string>();
  const moduleBytes = async (src: string): Promise<number> => {
    if (seen.has(src)) return 0;
    seen.add(src);
    const code = (await asset(src))!.toString('utf8');
    let total = gzipSync(code).length;
    for (const match of code.matchAll(/(?:import|from)\s*["'](\.{1,2}\/[^"']+\.js)["']/g))
      total += await moduleBytes(new URL(match[1], `http://site${src}`).pathname);
    return total;
  };
  let script = 0;
  for (const element of document.querySelectorAll('script')) {
    const src = element.getAttribute('src');
    if (src) {
      const localSrc = local(src);
      if (localSrc) script += await moduleBytes(localSrc);
    } else if (!isDataScript(element.getAttribute('type'))) {
      script += gzipSync(element.text).length;
    }
  }

  const unsizedImages = document
    .querySelectorAll('img')
    .filter((image) => !image.getAttribute('width') || !image.getAttribute('height'))
    .map((image) => image.getAttribute('src') ?? '(no src)');
  return { html: gzipSync(html).length, css, script, unsizedImages };
}

export function budgetProblems(weight: PageWeight): string[] {
  const problems: string[] = [];
  for (const kind of ['html', 'css', 'script'] as const) {
    if (weight[kind] > pageBudgets[kind])
      problems.push(
        `${kind.toUpperCase()} is ${kb(weight[kind])} gzip, over the ${kb(pageBudgets[kind])} budget`,
      );
  }
  for (const src of weight.unsizedImages)
    problems.push(`image ${src} has no width and height (the page jumps while it loads)`);
  return problems;
}

export const gate: Gate = {
  name: 'budgets',
  description: `per page, gzip: HTML ≤ ${kb(pageBudgets.html)}, CSS ≤ ${kb(pageBudgets.css)}, script ≤ ${kb(pageBudgets.script)}; every image has a width and height`,
  async run({ dir, pages, forwarded, oversized }: CheckContext) {
    const problems: Problem[] = oversized.map(oversizedProblem);
    const all = [...pages, ...forwarded];
    let largest = { html: 0, css: 0, script: 0 };
    for (const page of all) {
      const weight = await measurePage(dir, page.file);
      largest = {
        html: Math.max(largest.html, weight.html),
        css: Math.max(largest.css, weight.css),
        script: Math.max(largest.script, weight.script),
      };
      for (const message of budgetProblems(weight))
        problems.push({ severity: 'error', page: page.path, message });
    }
    return {
      problems,
      checked: all.length,
      summary: `${plural(all.length, 'page')}, largest HTML ${kb(largest.html)}, CSS ${kb(largest.css)}, script ${kb(largest.script)} gzip`,
    };
  },
};
