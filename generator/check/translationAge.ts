/**
 * When each text was last changed, per key, from git: `git blame` dates every line
 * of a text file, and a key's date is the newest line of its text. A translation
 * whose Italian (reference) text changed after the translation did is outdated:
 * the translator should revisit it. Lines not yet committed count as changed now.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import fg from 'fast-glob';
import { ProblemList } from '../content/parsedFile.ts';
import { scalarEntries } from '../content/texts.ts';
import { parseYamlFile } from '../content/yamlReader.ts';
import type { Language, SiteLanguages } from '../model/languages.ts';

/** One text of a text file: `home.hero.title`, the lines its value spans, whether it is empty. */
export interface TextEntry {
  key: string;
  firstLine: number;
  lastLine: number;
  empty: boolean;
}

export interface TextFile {
  language: Language;
  /** Relative to the content folder: `texts/de/home.yaml`. */
  file: string;
  entries: TextEntry[];
}

/**
 * Every text of `content/texts/<language>/*.yaml`, keyed as the templates ask for it,
 * read by the content's own YAML reader; a file it cannot read has no entries.
 */
export async function readTextFiles(contentDir: string, languages: SiteLanguages): Promise<TextFile[]> {
  const result: TextFile[] = [];
  for (const language of languages.codes) {
    for (const file of (await fg(`texts/${language}/*.yaml`, { cwd: contentDir })).sort()) {
      const namespace = path.basename(file, '.yaml');
      const parsed = await parseYamlFile(contentDir, file, new ProblemList());
      const entries: TextEntry[] = (parsed ? scalarEntries(parsed) : []).map(
        ({ segments, value, lines }) => ({
          key: [namespace, ...segments].join('.'),
          firstLine: lines.first,
          lastLine: lines.last,
          empty: (value === null || value === undefined ? '' : String(value)).trim() === '',
        }),
      );
      result.push({ language, file, entries });
    }
  }
  return result;
}

const run = (cwd: string, args: string[]) =>
  new Promise<string | undefined>((resolve) => {
    execFile('git', args, { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout) =>
      resolve(error ? undefined : stdout),
    );
  });

/** A shallow clone (CI's default fetch depth) dates every line to its one commit: too little history to compare. */
export async function isShallowHistory(contentDir: string): Promise<boolean> {
  return (await run(contentDir, ['rev-parse', '--is-shallow-repository']))?.trim() === 'true';
}

/** Commit time (ms) of each line of a file, from `git blame --porcelain`; undefined outside git. */
export async function lineTimes(contentDir: string, file: string): Promise<number[] | undefined> {
  // -w: a change of indentation alone does not make a text newer.
  const output = await run(contentDir, ['blame', '-w', '--porcelain', '--', file]);
  if (output === undefined) return undefined;
  const commitTimes = new Map<string, number>();
  const times: number[] = [];
  let commit = '';
  let line = 0;
  for (const row of output.split('\n')) {
    const header = /^([0-9a-f]{40}) \d+ (\d+)/.exec(row);
    if (header) {
      [, commit] = header;
      line = Number(header[2]);
    } else if (row.startsWith('committer-time ')) {
      commitTimes.set(commit, Number(row.slice('committer-time '.length)) * 1000);
    } else if (row.startsWith('\t')) {
      // A commit's details come once, on its first line; uncommitted lines are changed now.
      times[line] = /^0+$/.test(commit) ? Date.now() : (commitTimes.get(commit) ?? Date.now());
    }
  }
  return times;
}

/** Key to the time its text last changed, for one file; undefined outside git. */
export async function entryTimes(
  contentDir: string,
  textFile: TextFile,
): Promise<Map<string, number> | undefined> {
  const times = await lineTimes(contentDir, textFile.file);
  if (!times) return undefined;
  return new Map(
    textFile.entries.map((entry) => [
      entry.key,
      Math.max(...times.slice(entry.firstLine, entry.lastLine + 1).filter(Number.isFinite)),
    ]),
  );
}

export interface OutdatedTranslation {
  key: string;
  language: Language;
  file: string;
  /** When the reference (default language's) text last changed. */
  referenceChanged: Date;
  /** When the translation last changed. */
  translationChanged: Date;
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size)
    results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return results;
}

/** Translations older than their Italian text; undefined when the content is not in git. */
export async function outdatedTranslations(
  contentDir: string,
  textFiles: TextFile[],
  defaultLanguage: Language,
): Promise<OutdatedTranslation[] | undefined> {
  const dated = await inBatches(textFiles, 4, async (textFile) => ({
    textFile,
    times: await entryTimes(contentDir, textFile),
  }));
  if (dated.some(({ times }) => !times)) return undefined;
  const reference = new Map<string, number>();
  for (const { textFile, times } of dated)
    if (textFile.language === defaultLanguage) for (const [key, time] of times!) reference.set(key, time);
  const outdated: OutdatedTranslation[] = [];
  for (const { textFile, times } of dated) {
    if (textFile.language === defaultLanguage) continue;
    for (const entry of textFile.entries) {
      const referenceTime = reference.get(entry.key);
      const translationTime = times!.get(entry.key)!;
      if (entry.empty || referenceTime === undefined || !(referenceTime > translationTime)) continue;
      outdated.push({
        key: entry.key,
        language: textFile.language,
        file: textFile.file,
        referenceChanged: new Date(referenceTime),
        translationChanged: new Date(translationTime),
      });
    }
  }
  return outdated;
}
