/**
 * Loading the content with a cache of parsed documents (as `site dev` does between
 * rebuilds): the same content as a load without one, and never a stale file.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../../generator/content/load.ts';
import type { YamlDocumentCache } from '../../../generator/content/yamlReader.ts';
import { isSiteError } from '../../../generator/errors/siteError.ts';
import { copyRealContent, makeTempDir } from '../../helpers/site.ts';

/** The content as data (its languages carry a lookup function, new with every load). */
const asData = (content: unknown) => JSON.parse(JSON.stringify(content)) as unknown;

const workDir = await makeTempDir('content-cache');
const contentDir = await copyRealContent(workDir);
afterAll(() => rm(workDir, { recursive: true, force: true }));

describe('loadContent with parsed documents kept between loads', () => {
  it('gives the content a load without the cache gives, and sees every edit', async () => {
    const documents: YamlDocumentCache = new Map();
    const first = await loadContent(contentDir, { documents });
    expect(asData(first)).toEqual(asData(await loadContent(contentDir)));
    const textFiles = [...documents.keys()].filter((file) => file.includes(`${path.sep}texts${path.sep}`));
    expect(textFiles.length).toBeGreaterThan(0);

    // An unchanged file is the same parsed document; an edited one is parsed again.
    const aboutFile = path.join(contentDir, 'texts/en/about.yaml');
    const plansFile = path.join(contentDir, 'plans.yaml');
    const plansDocument = documents.get(plansFile)?.file;
    const about = await readFile(aboutFile, 'utf8');
    const edited = about.replace(/^(\s+title: )About us$/m, '$1About the company');
    expect(edited).not.toBe(about);
    await writeFile(aboutFile, edited);
    const second = await loadContent(contentDir, { documents });
    expect(documents.get(plansFile)?.file).toBe(plansDocument);
    expect(JSON.stringify(second.texts.en)).toContain('About the company');
    expect(asData(second)).toEqual(asData(await loadContent(contentDir)));

    // A file broken after it was cached is reported, not served from the cache.
    await writeFile(aboutFile, `${edited}\n  broken: [\n`);
    const failure = await loadContent(contentDir, { documents }).catch((error: unknown) => error);
    expect(
      isSiteError(failure) && failure.problems.some((problem) => problem.code === 'CONTENT_YAML_SYNTAX'),
    ).toBe(true);
    await writeFile(aboutFile, about);
    expect(JSON.stringify((await loadContent(contentDir, { documents })).texts.en)).not.toContain(
      'About the company',
    );
  }, 120_000);
});
