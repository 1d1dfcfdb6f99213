/**
 * "Nothing changed since the last build": the commonest build of all (an editor
 * runs `site build` again, CI builds a commit whose content it built before).
 *
 * Every successful `site build` records, per output folder, a key of all its
 * inputs and the SHA-256 of every file it wrote. The next build into that folder
 * computes the key again; when it is the same and the folder still holds exactly
 * those files with exactly those bytes, the build would write the same bytes, so
 * it writes nothing and says so. Anything else, even one byte of one file in the
 * folder, is a full build.
 *
 * The key holds whatever decides the output: every file of the content folder,
 * the generator's own sources (bin, generator, templates, client), the installed
 * packages (package-lock.json), the options (base URL, --strict), the year of the
 * copyright line, and the content's dates as the sitemap takes them from git.
 * This module loads nothing of the build itself (no React, esbuild or satori).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildReport } from './build.ts';
import { readContentDates } from './contentDates.ts';
import { cacheRoot } from './project.ts';
import { outputMarkFile } from './writer.ts';

/** One record per output folder. */
export const defaultBuildRecordDir = path.join(cacheRoot, 'builds');

/** Bumped when the record's meaning changes, so an old record never matches. */
const recordVersion = 1;

/** The project's folders and files whose bytes decide what a build writes. */
const sourceFolders = ['bin', 'generator', 'templates', 'client'];
const sourceFiles = ['package.json', 'package-lock.json', 'tsconfig.json'];

export interface BuildInputs {
  projectRoot: string;
  contentDir: string;
  baseUrl?: string;
  strict?: boolean;
  year: number;
}

/** What a build leaves for the next one to compare with. */
export interface BuildRecord {
  version: number;
  key: string;
  /** Output path (forward slashes) → SHA-256 of its bytes; the output's mark excluded. */
  files: Record<string, string>;
  /** The build's report, shown again when nothing changed. */
  report: BuildReport;
}

const sha256 = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every file under a folder, relative, with forward slashes, in a stable order; none when it does not exist. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

async function hashFiles(hash: ReturnType<typeof createHash>, label: string, folder: string, files: string[]) {
  for (const file of files) {
    const bytes = await readFile(path.join(folder, file)).catch(() => undefined);
    hash.update(`${label}\0${file}\0${bytes === undefined ? 'missing' : sha256(bytes)}\n`);
  }
}

/** The key of everything that decides a build's output. */
export async function buildInputKey(inputs: BuildInputs): Promise<string> {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ recordVersion, baseUrl: inputs.baseUrl ?? null, strict: inputs.strict === true, year: inputs.year, nodeEnv: process.env.NODE_ENV ?? null }));
  const [contentFiles, dates, ...sources] = await Promise.all([
    filesUnder(inputs.contentDir),
    readContentDates(inputs.contentDir),
    ...sourceFolders.map((folder) => filesUnder(path.join(inputs.projectRoot, folder))),
  ]);
  await hashFiles(hash, 'content', inputs.contentDir, contentFiles);
  hash.update(`dates\0${JSON.stringify(dates)}\n`);
  for (const [index, folder] of sourceFolders.entries()) await hashFiles(hash, folder, path.join(inputs.projectRoot, folder), sources[index]);
  await hashFiles(hash, 'project', inputs.projectRoot, sourceFiles);
  return hash.digest('hex');
}

/** Where the record of the last build into a folder is kept. */
export function recordFileFor(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, `${sha256(path.resolve(outDir)).slice(0, 32)}.json`);
}

/** The SHA-256 of every file in an output folder but its mark. */
async function outputHashes(outDir: string): Promise<Record<string, string>> {
  const files = (await filesUnder(outDir)).filter((file) => file !== outputMarkFile);
  const hashes: Record<string, string> = {};
  for (const file of files) hashes[file] = sha256(await readFile(path.join(outDir, file)));
  return hashes;
}

const sameFiles = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/**
 * The last build's report when the folder holds exactly what a build with this
 * key would write; undefined when a build must run.
 */
export async function upToDateReport(recordFile: string, outDir: string, key: string): Promise<BuildReport | undefined> {
  let record: BuildRecord;
  try {
    record = JSON.parse(await readFile(recordFile, 'utf8')) as BuildRecord;
  } catch {
    return undefined; // no record yet, or one cut short: build
  }
  if (record.version !== recordVersion || record.key !== key) return undefined;
  if (!sameFiles(record.files, await outputHashes(outDir))) return undefined;
  return record.report;
}

/** Records a successful build (written to a temporary file, then renamed: a reader never sees half a record). */
export async function recordBuild(recordFile: string, outDir: string, key: string, report: BuildReport): Promise<void> {
  const record: BuildRecord = { version: recordVersion, key, files: await outputHashes(outDir), report };
  await mkdir(path.dirname(recordFile), { recursive: true });
  const partial = `${recordFile}.${process.pid}.tmp`;
  await writeFile(partial, JSON.stringify(record));
  await rename(partial, recordFile);
}
