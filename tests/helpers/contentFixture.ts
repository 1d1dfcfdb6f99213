/**
 * Small named content fixtures (tests/fixtures/content/<name>/): the files of a
 * case, laid over a temporary copy of the real content so that everything else
 * stays valid. See tests/fixtures/content/README.md.
 */
import { cp, mkdir, readdir, readFile, rm, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { loadContent, type Content } from '../../generator/content/load.ts';
import { isSiteError, type SiteError } from '../../generator/errors/siteError.ts';
import { copyRealContent, makeTempDir, projectRoot } from './site.ts';

export const contentFixturesDir = path.join(projectRoot, 'tests/fixtures/content');
const controlFiles = new Set(['REMOVE', 'SYMLINKS']);
const tempDirs: string[] = [];

/** The content files a fixture holds, relative to the content folder. */
export async function fixtureFiles(name: string): Promise<string[]> {
  const dir = path.join(contentFixturesDir, name);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !(entry.parentPath === dir && controlFiles.has(entry.name)))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

const lines = async (file: string) =>
  (await readFile(file, 'utf8').catch(() => ''))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** A temporary content folder: the real content with the fixture laid over it. */
export async function contentWithFixture(name: string): Promise<string> {
  const dir = await makeTempDir(`fixture-${name}`);
  tempDirs.push(dir);
  const contentDir = await copyRealContent(dir);
  const fixtureDir = path.join(contentFixturesDir, name);
  for (const file of await lines(path.join(fixtureDir, 'REMOVE')))
    await rm(path.join(contentDir, file), { recursive: true, force: true });
  for (const file of await fixtureFiles(name)) {
    // A fixture may put a folder where the content has a file (texts/it/notFound.yaml/): the file goes first.
    const parts = file.split('/');
    for (let depth = 1; depth < parts.length; depth++) {
      const ancestor = path.join(contentDir, ...parts.slice(0, depth));
      if ((await stat(ancestor).catch(() => undefined))?.isFile()) await rm(ancestor);
    }
    await rm(path.join(contentDir, file), { recursive: true, force: true });
    await mkdir(path.dirname(path.join(contentDir, file)), { recursive: true });
    await cp(path.join(fixtureDir, file), path.join(contentDir, file));
  }
  for (const link of await lines(path.join(fixtureDir, 'SYMLINKS'))) {
    const [from, to] = link.split('->').map((part) => part.trim());
    await rm(path.join(contentDir, from), { recursive: true, force: true });
    await symlink(to, path.join(contentDir, from));
  }
  return contentDir;
}

/** Loads a fixture; its SiteError if the loader refuses it. */
export async function loadFixture(
  name: string,
): Promise<{ contentDir: string; error?: SiteError; content?: Content }> {
  const contentDir = await contentWithFixture(name);
  try {
    return { contentDir, content: await loadContent(contentDir) };
  } catch (error) {
    if (!isSiteError(error)) throw error;
    return { contentDir, error };
  }
}

/** Removes every temporary folder the fixtures made. */
export async function removeFixtureCopies() {
  for (const dir of tempDirs.splice(0)) await rm(dir, { recursive: true, force: true });
}
