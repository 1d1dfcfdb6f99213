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
 * the generator's own sources (bin, generator, templates, client), the project's
 * package.json, package-lock.json and tsconfig.json, the options (base URL,
 * --strict), the year of the copyright line, NODE_ENV, and each content file's
 * date as the sitemap takes it (from git, or else the file's time). The key is
 * made of one digest per input, which the record keeps, so that a build can say
 * what changed since the last one. This module loads nothing of the build itself (no
 * React, esbuild or satori), and reads its few hundred files with synchronous calls: one
 * after the other, each costs less than the hop to a worker thread an asynchronous one makes.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildReport } from './pipeline.ts';
import { readContentDates, type ContentDates } from '../content/contentDates.ts';
import { displayPath } from '../errors/siteError.ts';
import { filesUnder } from '../content/fileList.ts';
import { cacheRoot } from '../project.ts';
import { outputMarkFile } from './writer.ts';

/** One record per output folder. */
export const defaultBuildRecordDir = path.join(cacheRoot, 'builds');

/** Bumped when the record's meaning changes, so an old record never matches. */
const recordVersion = 3;

/** The project's folders and files whose bytes decide what a build writes. */
const sourceFolders = ['bin', 'generator', 'templates', 'client'];
const sourceFiles = ['package.json', 'package-lock.json', 'tsconfig.json'];

export interface BuildInputs {
  projectRoot: string;
  contentDir: string;
  baseUrl?: string;
  strict?: boolean;
  year: number;
  /**
   * Where the digests of files unchanged since the last run (`DigestMemory`) and git's answers for the
   * content's dates (contentDates.ts) are remembered; none: every file is read and git is asked.
   */
  memoryDir?: string;
}

/**
 * A digest per input: `content/<file>` (relative to the content folder), `<folder>/<file>` and
 * the project files of `sourceFolders` and `sourceFiles`, `option/<name>` and `date/<file>` (the
 * value itself: an option, a content file's date as the sitemap takes it).
 */
export type InputDigests = Record<string, string>;

/** The inputs of a build as the record keeps them: the key, and the digests it is made of. */
export interface BuildInputState {
  key: string;
  digests: InputDigests;
  /** Each content file's date as the sitemap takes it: the build uses these rather than asking git again. */
  contentDates: ContentDates;
}

/** What a build leaves for the next one to compare with. */
export interface BuildRecord {
  version: number;
  key: string;
  inputs: InputDigests;
  /** Output path (forward slashes) → SHA-256 of its bytes; the output's mark excluded. */
  files: Record<string, string>;
  /** The build's report, shown again when nothing changed. */
  report: BuildReport;
}

export const sha256 = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every file under a folder (its dot files too), relative, with forward slashes, sorted; linked ones as what they lead to. */
const everyFileUnder = (folder: string) => filesUnder(folder, { dot: true });

/** A file's identity and times when its digest was taken: [device, inode, size, mtimeMs, ctimeMs, digest]. */
type KnownDigest = [number, number, number, number, number, string];

/**
 * The digests of the last run, by absolute path, as git's index keeps them: a file whose device,
 * inode, size, modification and change times are the same is not read again. Any write to a file
 * sets its change time (no program can set it back), and a digest is kept only when the file had
 * not changed for a second before it was taken, so a write within the clock's granularity of the
 * recorded time cannot go unseen. Reading a few hundred files is most of the up-to-date check.
 */
class DigestMemory {
  private readonly known: Map<string, KnownDigest>;
  private readonly next = new Map<string, KnownDigest>();
  private changed = false;

  constructor(private readonly file: string | undefined) {
    let known: [string, KnownDigest][] = [];
    try {
      if (file) known = JSON.parse(readFileSync(file, 'utf8')) as [string, KnownDigest][];
    } catch {
      // None yet, or damaged: every file is read.
    }
    this.known = new Map(Array.isArray(known) ? known : []);
  }

  digestOf(absolute: string): string {
    const info = statSync(absolute, { throwIfNoEntry: false });
    if (!info?.isFile()) throw new Error(`not a file: ${absolute}`);
    const identity = [info.dev, info.ino, info.size, info.mtimeMs, info.ctimeMs] as const;
    const known = this.known.get(absolute);
    if (known && identity.every((value, index) => known[index] === value)) {
      this.next.set(absolute, known);
      return known[5];
    }
    const digest = sha256(readFileSync(absolute));
    this.changed = true;
    if (Date.now() - info.ctimeMs > 1000) this.next.set(absolute, [...identity, digest]);
    return digest;
  }

  /** Keeps this run's digests for the next one (written whole, then renamed); a failure only costs reads. */
  save(): void {
    if (!this.file || (!this.changed && this.next.size === this.known.size)) return;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      const partial = `${this.file}.${process.pid}.tmp`;
      writeFileSync(partial, JSON.stringify([...this.next]));
      renameSync(partial, this.file);
    } catch {
      // A cache folder that cannot be written: the next run reads every file.
    }
  }
}

function digestFiles(
  digests: InputDigests,
  label: string,
  folder: string,
  files: string[],
  memory: DigestMemory,
) {
  for (const file of files) {
    let digest = 'missing';
    try {
      digest = memory.digestOf(path.join(folder, file));
    } catch {
      // Gone since it was listed, or unreadable: 'missing'.
    }
    digests[`${label}/${file}`] = digest;
  }
}

/** Every input that decides a build's output, and the key made of them. */
export async function readBuildInputs(inputs: BuildInputs): Promise<BuildInputState> {
  const digests: InputDigests = {};
  const options = {
    baseUrl: inputs.baseUrl ?? null,
    strict: inputs.strict === true,
    year: inputs.year,
    nodeEnv: process.env.NODE_ENV ?? null,
  };
  for (const [name, value] of Object.entries(options)) digests[`option/${name}`] = JSON.stringify(value);
  const contentFiles = everyFileUnder(inputs.contentDir);
  const memory = new DigestMemory(inputs.memoryDir && path.join(inputs.memoryDir, 'digests.json'));
  digestFiles(digests, 'content', inputs.contentDir, contentFiles, memory);
  // Started before the sources are hashed: when git must be asked, it runs meanwhile.
  const contentKey = sha256(contentFiles.map((file) => `${file}\0${digests[`content/${file}`]}`).join('\n'));
  const datesPending = readContentDates(
    inputs.contentDir,
    contentFiles.filter((file) => !file.split('/').some((name) => name.startsWith('.'))),
    inputs.memoryDir ? { file: path.join(inputs.memoryDir, 'content-dates.json'), contentKey } : undefined,
  );
  for (const folder of sourceFolders)
    digestFiles(
      digests,
      folder,
      path.join(inputs.projectRoot, folder),
      everyFileUnder(path.join(inputs.projectRoot, folder)),
      memory,
    );
  digestFiles(digests, 'project', inputs.projectRoot, sourceFiles, memory);
  memory.save();
  const dates = await datesPending;
  for (const [file, date] of Object.entries(dates)) digests[`date/${file}`] = date;
  const hash = createHash('sha256').update(`${recordVersion}\n`);
  for (const name of Object.keys(digests).sort()) hash.update(`${name}\0${digests[name]}\n`);
  return { key: hash.digest('hex'), digests, contentDates: dates };
}

/**
 * The generator's code as a key: every input but the content, its dates and the options, with
 * NODE_ENV. What caches of the build's intermediate results (parsed content, rendered pages) are
 * filed under, so that any change to a source, a package or the environment starts them afresh.
 */
export function codeVersionOf(inputs: BuildInputState): string {
  const hash = createHash('sha256').update(`${recordVersion}\n`);
  for (const name of Object.keys(inputs.digests).sort())
    if (!/^(content|date|option)\//.test(name) || name === 'option/nodeEnv')
      hash.update(`${name}\0${inputs.digests[name]}\n`);
  return hash.digest('hex').slice(0, 32);
}

const optionNames: Record<string, string> = {
  baseUrl: 'the base URL (--base-url)',
  strict: '--strict',
  year: 'the year',
  nodeEnv: 'NODE_ENV',
};

/** The order changes are named in: options first, so that none hides among many files. */
function kindOrder(name: string): number {
  const kinds = ['option/', 'content/', 'date/'];
  const index = kinds.findIndex((prefix) => name.startsWith(prefix));
  return index === -1 ? kinds.length : index;
}

/** An input as an editor reads it: `content file texts/en/about.yaml`, `generator/model/routeTable.ts`, `--strict`. */
function inputName(name: string): string {
  if (name.startsWith('date/')) return `the date of content file ${name.slice('date/'.length)}`;
  if (name.startsWith('option/')) return optionNames[name.slice('option/'.length)] ?? name;
  if (name.startsWith('content/')) return `content file ${name.slice('content/'.length)}`;
  if (name.startsWith('project/')) return name.slice('project/'.length);
  return name;
}

type Change = 'added' | 'removed' | 'changed';

/** The names whose digests differ, in the order `rank` gives (then by name). */
function changedNames(
  before: Record<string, string>,
  now: Record<string, string>,
  rank: (name: string) => number = () => 0,
): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(now)])]
    .filter((name) => before[name] !== now[name])
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** The changes named, at most three, and how many more; `fallback` when there are none to name. */
function describeChanges(
  names: string[],
  before: Record<string, string>,
  now: Record<string, string>,
  phrase: (name: string, change: Change, before?: string, now?: string) => string,
  fallback: string,
): string {
  const phrases = names.map((name) =>
    phrase(
      name,
      before[name] === undefined ? 'added' : now[name] === undefined ? 'removed' : 'changed',
      before[name],
      now[name],
    ),
  );
  if (phrases.length === 0) return fallback;
  return `${phrases.slice(0, 3).join(', ')}${phrases.length > 3 ? ` and ${phrases.length - 3} more` : ''}`;
}

/** A changed option or date shows its old and new value: they are short and say more than a name. */
const inputChange = (name: string, change: Change, before?: string, now?: string) =>
  `${inputName(name)} ${change === 'changed' ? 'changed' : `was ${change}`}${change === 'changed' && /^(option|date)\//.test(name) ? ` (${before} → ${now})` : ''}`;

/** Changed inputs, without the date of a content file whose bytes changed too (it says nothing more). */
function changedInputs(before: InputDigests, now: InputDigests): string[] {
  const names = changedNames(before, now, kindOrder);
  const changedContent = new Set(
    names.filter((name) => name.startsWith('content/')).map((name) => name.slice('content/'.length)),
  );
  return names.filter(
    (name) => !(name.startsWith('date/') && changedContent.has(name.slice('date/'.length))),
  );
}

const outputChange = (file: string, change: Change) =>
  `${file} ${change === 'added' ? 'was not written by it' : change === 'removed' ? 'is missing' : 'changed'}`;

/** Where the record of the last build into a folder is kept. */
export function recordFileFor(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, `${sha256(path.resolve(outDir)).slice(0, 32)}.json`);
}

/** The SHA-256 of every file in an output folder but its mark. */
function outputHashes(outDir: string): Record<string, string> {
  const files = everyFileUnder(outDir).filter((file) => file !== outputMarkFile);
  const hashes: Record<string, string> = {};
  for (const file of files) hashes[file] = sha256(readFileSync(path.join(outDir, file)));
  return hashes;
}

const sameFiles = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/**
 * The last build's report when the folder holds exactly what a build with these inputs would
 * write. Otherwise a build must run, and `reason` says why when there is a record to compare with.
 */
export async function upToDateReport(
  recordFile: string,
  outDir: string,
  inputs: BuildInputState,
): Promise<{ report?: BuildReport; reason?: string }> {
  let record: BuildRecord;
  try {
    record = JSON.parse(readFileSync(recordFile, 'utf8')) as BuildRecord;
  } catch {
    return {}; // no record yet, or one cut short: build
  }
  const folder = displayPath(outDir);
  if (record.version !== recordVersion)
    return { reason: `the last build into ${folder} was recorded by another version of site` };
  if (
    typeof record.inputs !== 'object' ||
    typeof record.files !== 'object' ||
    record.inputs === null ||
    record.files === null
  )
    return {}; // damaged
  if (record.key !== inputs.key) {
    return {
      reason: `${describeChanges(changedInputs(record.inputs, inputs.digests), record.inputs, inputs.digests, inputChange, 'the inputs changed')} since the last build into ${folder}`,
    };
  }
  const files = outputHashes(outDir);
  if (!sameFiles(record.files, files)) {
    return {
      reason: `${folder} is not as the last build left it: ${describeChanges(changedNames(record.files, files), record.files, files, outputChange, 'its files changed')}`,
    };
  }
  return { report: record.report };
}

/**
 * Records a successful build (written to a temporary file, then renamed: a reader never sees half a
 * record). `files`: the digests of what the build wrote, when its writer knows them; otherwise the
 * folder is read back. A wrong digest can only make the next build run when it need not.
 */
export async function recordBuild(
  recordFile: string,
  outDir: string,
  inputs: BuildInputState,
  report: BuildReport,
  files?: Record<string, string>,
): Promise<void> {
  const record: BuildRecord = {
    version: recordVersion,
    key: inputs.key,
    inputs: inputs.digests,
    files: files ?? outputHashes(outDir),
    report,
  };
  mkdirSync(path.dirname(recordFile), { recursive: true });
  const partial = `${recordFile}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(record));
  renameSync(partial, recordFile);
}
