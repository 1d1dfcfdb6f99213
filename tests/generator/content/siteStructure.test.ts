/** The check's reading of the pages a site has: the build's route table, and content problems named at their line. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSiteStructure } from '../../../generator/content/siteStructure.ts';
import { loadContent } from '../../../generator/content/load.ts';
import { isSiteError } from '../../../generator/errors/siteError.ts';
import { routeTableOf } from '../../../generator/model/routeTable.ts';
import { copyRealContent, makeTempDir } from '../../helpers/site.ts';

describe('readSiteStructure', () => {
  it('gives the route table the build makes, former slugs included', async () => {
    const contentDir = await copyRealContent(await makeTempDir('structure-former'));
    // A former slug of the about page, in every language of the content.
    const content = await loadContent(contentDir);
    const file = path.join(contentDir, 'slugs.yaml');
    const former = content.languages.codes
      .map((code) => `    ${code}: [structure-test-old-${code}]`)
      .join('\n');
    const text = (await readFile(file, 'utf8')).replace(/^former:.*$/m, '');
    await writeFile(file, `${text.trimEnd()}\nformer:\n  about:\n${former}\n`);
    const { languages, routeTable } = await readSiteStructure(contentDir);
    const built = routeTableOf(await loadContent(contentDir));
    expect(languages.codes).toEqual(content.languages.codes);
    expect(routeTable.routes).toEqual(built.routes);
    expect(routeTable.routes.filter((route) => route.page === 'moved')).toHaveLength(
      content.languages.codes.length,
    );
  });

  it('names a problem of slugs.yaml with its file, line and column', async () => {
    const contentDir = await copyRealContent(await makeTempDir('structure-broken'));
    const file = path.join(contentDir, 'slugs.yaml');
    await writeFile(file, `${await readFile(file, 'utf8')}\nnotAPage:\n  it: x\n`);
    const error = await readSiteStructure(contentDir).catch((caught: unknown) => caught);
    expect(isSiteError(error)).toBe(true);
    if (!isSiteError(error)) return;
    expect(error.code).toBe('CONTENT_INVALID');
    const [problem] = error.problems;
    expect(problem.location?.file).toBe(file);
    expect(problem.location?.line).toBeGreaterThan(1);
    expect(problem.message).toContain('notAPage');
  });
});
