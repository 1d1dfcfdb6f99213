/** The budgets gate on a small named site: what a page loads is measured with its imports, and each excess named. */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { budgetProblems, gate, measurePage, pageBudgets } from '../../../generator/check/budgets.ts';
import type { CheckContext } from '../../../generator/check/types.ts';
import { makeTempDir } from '../../helpers/site.ts';

async function site(files: Record<string, string>): Promise<string> {
  const dir = await makeTempDir('budgets');
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

const context = (dir: string, files: string[]) =>
  ({
    dir,
    pages: files.map((file) => ({ path: `/${file}`, file })),
    forwarded: [],
    oversized: [],
  }) as unknown as CheckContext;

describe('the budgets gate', () => {
  it('counts a module script with what it imports, once each, and not data scripts', async () => {
    const main = "import './lib.js'; import './lib.js'; console.log('main');";
    const lib = "export const lib = 'lib';";
    const dir = await site({
      'index.html':
        '<!doctype html><html><head><script type="module" src="/a/main.js"></script>' +
        '<script type="application/ld+json">{"@type":"Thing"}</script></head><body></body></html>',
      'a/main.js': main,
      'a/lib.js': lib,
    });
    const weight = await measurePage(dir, 'index.html');
    expect(weight.script).toBe(gzipSync(main).length + gzipSync(lib).length);
    expect(weight.unsizedImages).toEqual([]);
  });

  it('names a page over its script budget and an image without a size, and passes a small page', async () => {
    const heavy = `const data = "${randomBytes(pageBudgets.script * 2).toString('base64')}";`;
    const dir = await site({
      'small/index.html':
        '<!doctype html><html><body><img src="/a.svg" width="1" height="1" alt=""></body></html>',
      'big/index.html': `<!doctype html><html><body><script>${heavy}</script><img src="/b.svg" alt=""></body></html>`,
    });
    const outcome = await gate.run(context(dir, ['small/index.html', 'big/index.html']));
    expect(outcome.checked).toBe(2);
    expect(outcome.problems.map((problem) => problem.page)).toEqual(['/big/index.html', '/big/index.html']);
    expect(outcome.problems[0].message).toMatch(/^SCRIPT is [\d.]+ KB gzip, over the 3\.0 KB budget$/);
    expect(outcome.problems[1].message).toBe(
      'image /b.svg has no width and height (the page jumps while it loads)',
    );
    expect(budgetProblems({ html: 0, css: 0, script: 0, unsizedImages: [] })).toEqual([]);
  });
});
