/**
 * The translation fixture (tests/fixtures/translations/content): a private copy a
 * test may change, and a way to change one text in it as an editor would.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { parseDocument } from 'yaml';
import { makeTempDir, projectRoot } from './site.ts';

export const translationFixtureDir = path.join(projectRoot, 'tests/fixtures/translations/content');
const tempDirs: string[] = [];

/** A private copy of the fixture's content folder. */
export async function translationFixture(): Promise<string> {
  const dir = await makeTempDir('translations');
  tempDirs.push(dir);
  const contentDir = path.join(dir, 'content');
  await cp(translationFixtureDir, contentDir, { recursive: true });
  return contentDir;
}

/** Sets one value of a content file through the YAML document, keeping the rest of the file. */
export async function setText(
  contentDir: string,
  file: string,
  keyPath: (string | number)[],
  value: string,
): Promise<void> {
  const target = path.join(contentDir, file);
  const document = parseDocument(await readFile(target, 'utf8'));
  document.setIn(keyPath, value);
  await writeFile(target, document.toString({ lineWidth: 0, flowCollectionPadding: false }));
}

/** Every file of a content folder and its text, to show that nothing was written. */
export async function snapshot(contentDir: string): Promise<Record<string, string>> {
  const files = (await fg('**/*', { cwd: contentDir, dot: true })).sort();
  return Object.fromEntries(
    await Promise.all(files.map(async (file) => [file, await readFile(path.join(contentDir, file), 'utf8')])),
  );
}

export async function removeTranslationFixtures() {
  for (const dir of tempDirs.splice(0)) await rm(dir, { recursive: true, force: true });
}
