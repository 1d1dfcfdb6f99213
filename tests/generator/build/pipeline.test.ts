/** site build: every step in order, the report's counts, and nothing written when a step fails. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, buildSteps } from '../../../generator/build/pipeline.ts';
import { createMemoryWriter } from '../../../generator/build/writer.ts';
import { isSiteError } from '../../../generator/errors/siteError.ts';
import { copyRealContent, makeTempDir } from '../../helpers/site.ts';

describe('the build pipeline', () => {
  it('runs every step once, in order, and reports what it wrote', async () => {
    const contentDir = await copyRealContent(await makeTempDir('pipeline-ok'));
    const writer = createMemoryWriter();
    const started: string[] = [];
    let parsed: { files: string[]; reference: string } | undefined;
    const report = await build({
      contentDir,
      writer,
      cache: false,
      onStep: (label) => started.push(label),
      onParsed: (documents, reference) => {
        parsed = { files: [...documents.keys()].map((file) => path.relative(contentDir, file)), reference };
      },
    });
    expect(started).toEqual([...buildSteps]);
    // The files it parsed are told, for the editors' schemas: every one, without a cache.
    expect(parsed?.reference).toBe(report.languages[0]);
    expect(parsed?.files).toEqual(
      expect.arrayContaining(['plans.yaml', path.join('texts', report.languages[0], 'home.yaml')]),
    );
    expect(report.steps.map((step) => step.label)).toEqual([...buildSteps]);
    expect(report.fileCount).toBe(writer.files.size);
    const pages = [...writer.files.keys()].filter((file) => file.endsWith('.html')).length;
    expect(Object.values(report.pagesByLanguage).reduce((sum, count) => sum + count, 0)).toBe(pages);
    expect(report.languages.length).toBeGreaterThan(0);
  });

  it('writes nothing when the content is invalid', async () => {
    const contentDir = await copyRealContent(await makeTempDir('pipeline-invalid'));
    const file = path.join(contentDir, 'plans.yaml');
    await writeFile(file, `${await readFile(file, 'utf8')}\nnotAField: 1\n`);
    const writer = createMemoryWriter();
    const error = await build({ contentDir, writer, cache: false }).catch((caught: unknown) => caught);
    expect(isSiteError(error) && error.code).toBe('CONTENT_INVALID');
    expect(writer.files.size).toBe(0);
  });
});
