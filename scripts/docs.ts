/**
 * `npm run docs`: writes the parts of docs/ that are generated from the code, so the docs
 * never copy a fact by hand. Today one part: the table of error codes in docs/editing.md,
 * from the error catalogue. `npm run docs -- --check` only says whether the committed docs
 * are stale (tests/scripts/docs.test.ts fails while they are).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
// The error catalogue: the one import to change if it moves.
import { errorCodes, type ErrorCodeEntry } from '../generator/errors/errorCodes.ts';

const root = path.join(import.meta.dirname, '..');

/** A block of a Markdown file that `npm run docs` owns, between two marker comments. */
interface GeneratedBlock {
  /** The file, relative to the project. */
  file: string;
  /** The name in its markers: `<!-- generated:name -->` … `<!-- /generated:name -->`. */
  name: string;
  /** The block's Markdown, before formatting. */
  markdown: () => string;
}

/** One row per code: what it means (with its usual causes) and what to do (the docs' fix, else the hint). */
export function errorCodeTable(catalogue: Record<string, ErrorCodeEntry> = errorCodes): string {
  const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
  const rows = Object.entries(catalogue).map(([code, entry]) => {
    const meaning = [entry.title, entry.causes].filter(Boolean).join(' ');
    return `| \`${code}\` | ${cell(meaning)} | ${cell(entry.fix ?? entry.hint ?? '')} |`;
  });
  return ['| code | what it means | what to do |', '| --- | --- | --- |', ...rows].join('\n');
}

export const generatedBlocks: GeneratedBlock[] = [
  { file: 'docs/editing.md', name: 'error-codes', markdown: () => errorCodeTable() },
];

const markers = (name: string) => ({
  begin: `<!-- generated:${name} (npm run docs writes this block; do not edit it by hand) -->`,
  end: `<!-- /generated:${name} -->`,
});

/** The file's text with its block replaced by what the code says now. */
async function withBlock(text: string, block: GeneratedBlock): Promise<string> {
  const { begin, end } = markers(block.name);
  const start = text.indexOf(begin);
  const stop = text.indexOf(end);
  if (start === -1 || stop < start)
    throw new Error(`${block.file} has no block "${block.name}": add the lines\n${begin}\n${end}`);
  const options = await resolveConfig(path.join(root, block.file));
  const body = (await format(block.markdown(), { ...options, parser: 'markdown' })).trim();
  return `${text.slice(0, start)}${begin}\n\n${body}\n\n${text.slice(stop)}`;
}

/** The generated files whose committed text differs from what `npm run docs` would write. */
export async function staleDocs(): Promise<string[]> {
  const stale: string[] = [];
  for (const block of generatedBlocks) {
    const text = await readFile(path.join(root, block.file), 'utf8');
    if ((await withBlock(text, block)) !== text) stale.push(`${block.file} (${block.name})`);
  }
  return stale;
}

/** Writes every generated block; returns the files it changed. */
export async function writeDocs(): Promise<string[]> {
  const changed: string[] = [];
  for (const block of generatedBlocks) {
    const file = path.join(root, block.file);
    const text = await readFile(file, 'utf8');
    const next = await withBlock(text, block);
    if (next !== text) {
      await writeFile(file, next);
      changed.push(block.file);
    }
  }
  return changed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--check')) {
    const stale = await staleDocs();
    if (stale.length > 0) {
      console.error(`Generated docs are stale: ${stale.join(', ')}. Run npm run docs and commit them.`);
      process.exit(1);
    }
    console.log('Generated docs are up to date.');
  } else {
    const changed = await writeDocs();
    console.log(changed.length > 0 ? `Wrote ${changed.join(', ')}.` : 'Generated docs were up to date.');
  }
}
