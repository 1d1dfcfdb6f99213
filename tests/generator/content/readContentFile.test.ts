/**
 * Content is read through one function that refuses a file whose real path leaves the
 * content folder, and never shows what such a file holds.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyImages } from '../../../generator/build/assets.ts';
import { loadContent } from '../../../generator/content/load.ts';
import { ContentFileError, readContentFile } from '../../../generator/content/readContentFile.ts';
import { isSiteError, type SiteError } from '../../../generator/errors/siteError.ts';
import { copyRealContent, makeTempDir, runSite } from '../../helpers/site.ts';

const secret = 'PRIVATE-LINE-7f3a: not for the web';
let workDir: string;
let secretFile: string;

beforeAll(async () => {
  workDir = await makeTempDir('content-file');
  secretFile = path.join(workDir, 'private', 'notes.txt');
  await mkdir(path.dirname(secretFile));
  await writeFile(secretFile, `${secret}\nsecond line\n`);
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

/** A fresh copy of the real content, in a folder of its own. */
async function content(name: string): Promise<string> {
  const dir = path.join(workDir, name);
  await mkdir(dir);
  return copyRealContent(dir);
}

async function loadError(contentDir: string): Promise<SiteError> {
  const error = await loadContent(contentDir).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isSiteError(error), 'the content loads').toBe(true);
  return error as SiteError;
}

describe('readContentFile', () => {
  it('reads a file and a link that stays inside the folder, also when the folder itself is a link', async () => {
    const contentDir = await content('inside');
    await symlink('home.yaml', path.join(contentDir, 'texts/it/alias.yaml'));
    const linkedFolder = path.join(workDir, 'linked-content');
    await symlink(contentDir, linkedFolder);
    const file = path.join(linkedFolder, 'texts/it/alias.yaml');
    expect((await readContentFile(linkedFolder, file, 1e6)).toString()).toContain('hero');
  });

  it('refuses a link that leads outside, before reading it', async () => {
    const contentDir = await content('outside');
    const link = path.join(contentDir, 'texts/it/notFound.yaml');
    await rm(link);
    await symlink(secretFile, link);
    const error = await readContentFile(contentDir, link, 1e6).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentFileError);
    expect((error as ContentFileError).code).toBe('OUTSIDE_CONTENT');
    expect(String(error)).not.toContain(secret);
    expect(String(error)).not.toContain(secretFile);
  });

  it('refuses a pipe instead of waiting for it', async () => {
    const contentDir = await content('pipe');
    const pipe = path.join(contentDir, 'texts/it/notFound.yaml');
    await rm(pipe);
    execFileSync('mkfifo', [pipe]);
    const error = await readContentFile(contentDir, pipe, 1e6).catch((caught: unknown) => caught);
    expect((error as ContentFileError).code).toBe('NOT_A_FILE');
  });
});

describe('links out of the content folder', () => {
  it('a text file linked outside is one located problem that names the link, not what it leads to', async () => {
    const contentDir = await content('text-outside');
    const link = path.join(contentDir, 'texts/it/notFound.yaml');
    await rm(link);
    await symlink(secretFile, link);
    const error = await loadError(contentDir);
    expect(
      error.problems.map((problem) => [problem.code, problem.location?.file, problem.location?.line]),
    ).toEqual([['CONTENT_OUTSIDE', link, undefined]]);
    expect(error.problems[0].message).toBe(
      'This file is a link that leads outside the content folder; it was not read',
    );
  });

  it('an illustration linked outside is a located problem of the loader', async () => {
    const contentDir = await content('image-outside');
    const link = path.join(contentDir, 'images/vision.svg');
    await rm(link);
    await symlink(secretFile, link);
    const error = await loadError(contentDir);
    expect(error.problems.map((problem) => [problem.code, problem.location?.file])).toEqual([
      ['CONTENT_OUTSIDE', link],
    ]);
  });

  it('any other image linked outside is refused by the assets stage, never copied to /assets/', async () => {
    const contentDir = await content('extra-image-outside');
    const link = path.join(contentDir, 'images/extra.svg');
    await symlink(secretFile, link);
    const error = await copyImages(path.join(contentDir, 'images')).catch((caught: unknown) => caught);
    expect(isSiteError(error) && [error.code, error.location?.file]).toEqual(['CONTENT_OUTSIDE', link]);
  });

  it('site build exits 1 and shows nothing of the file the link leads to', async () => {
    const contentDir = await content('cli-outside');
    const link = path.join(contentDir, 'texts/it/notFound.yaml');
    await rm(link);
    await symlink(secretFile, link);
    const result = await runSite(
      ['build', '--content', contentDir, '--out', path.join(workDir, 'cli-dist')],
      path.dirname(contentDir),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('content/texts/it/notFound.yaml  This file is a link that leads outside');
    expect(result.stdout + result.stderr).not.toContain('PRIVATE-LINE');
    expect(result.stdout + result.stderr).not.toContain('second line');
  });
});
