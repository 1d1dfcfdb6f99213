/**
 * A build that reuses the last one. Beside the build record (upToDate.ts), every
 * successful build keeps what each page read: the content files (its texts in its
 * language and the default one, the parts of the content, the images) and the text
 * keys it asked for, with what every page sees alike (asset paths, icons, preview
 * images, the route table, the origin, the settings, the year).
 *
 * The next build into the same folder renders a page again only when something it
 * read changed; any other page is linked from the previous output into the staging
 * folder, after checking that its bytes are still those the record names (so the
 * swap stays atomic and a failure leaves the previous output as it was). Anything
 * that is not a content file (the generator's sources, templates, scripts, styles,
 * packages, options, NODE_ENV) or a change of what every page sees renders every
 * page; `--no-cache` never reuses.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile, rename, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BuildInputState, InputDigests } from './upToDate.ts';
import type { RenderInput } from './render.ts';

/** Bumped when the page record's meaning changes, so an old one is never reused. */
const pageRecordVersion = 1;

/** What one page read, and the SHA-256 of what it wrote. */
export interface PageInputs {
  sources: string[];
  /** The text keys the page asked for (texts, lists and groups), so that "used by no page" stays true. */
  keys: string[];
  sha256: string;
  bytes: number;
}

/** Kept beside the build record, tied to it by its key. */
export interface PageRecord {
  version: number;
  /** The key of the build record this belongs to. */
  key: string;
  /** What every page sees: when it differs, every page is rendered. */
  pageFacing: string;
  /** Output path → what the page read. */
  pages: Record<string, PageInputs>;
}

/** What a build may take from the previous one into the same folder. */
export interface PreviousOutput {
  /** The previous output folder, whose unchanged pages are linked. */
  outDir: string;
  /** Content files (relative, forward slashes) added, removed or changed since. */
  changedContent: ReadonlySet<string>;
  record: PageRecord;
}

export const sha256 = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export const pageRecordFileFor = (recordFile: string) => recordFile.replace(/\.json$/, '.pages.json');

/** What every page shows alike; the same string means a page whose own sources did not change would render the same. */
export function pageFacingKey(input: RenderInput): string {
  const { files: _assetFiles, ...assets } = input.assets;
  const { files: _iconFiles, ...icons } = input.icons;
  return JSON.stringify({
    assets,
    icons,
    socialImages: input.routeTable.routes.map((route) =>
      input.socialImages.pathOf(route.page, route.language),
    ),
    origin: input.origin,
    year: input.year,
    routes: input.routeTable.routes,
    languages: input.content.languages,
    site: input.content.site,
  });
}

/**
 * The content files whose digests differ, or undefined when anything but content (or a
 * content file's date, which only the sitemap shows) changed: then nothing is reused.
 */
export function changedContentFiles(before: InputDigests, now: InputDigests): Set<string> | undefined {
  const changed = new Set<string>();
  for (const name of new Set([...Object.keys(before), ...Object.keys(now)])) {
    if (before[name] === now[name] || name.startsWith('date/')) continue;
    if (!name.startsWith('content/')) return undefined;
    changed.add(name.slice('content/'.length));
  }
  return changed;
}

/** The previous build's page record when its inputs differ from now's only in content files. */
export async function previousOutput(
  recordFile: string,
  outDir: string,
  inputs: BuildInputState,
): Promise<PreviousOutput | undefined> {
  try {
    const record = JSON.parse(await readFile(recordFile, 'utf8')) as { key?: string; inputs?: InputDigests };
    const pages = JSON.parse(await readFile(pageRecordFileFor(recordFile), 'utf8')) as PageRecord;
    if (pages.version !== pageRecordVersion || pages.key !== record.key || !record.inputs) return undefined;
    const changedContent = changedContentFiles(record.inputs, inputs.digests);
    return changedContent && { outDir, changedContent, record: pages };
  } catch {
    return undefined; // none, or damaged: a full build
  }
}

/** Keeps what each page of a successful build read, tied to its build record (written whole, then renamed). */
export async function recordPages(
  recordFile: string,
  inputs: BuildInputState,
  pageFacing: string,
  pages: Record<string, PageInputs>,
): Promise<void> {
  const record: PageRecord = { version: pageRecordVersion, key: inputs.key, pageFacing, pages };
  const file = pageRecordFileFor(recordFile);
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, JSON.stringify(record));
  await rename(partial, file);
}

/**
 * The previous output's file for a page that may be reused: its inputs are unchanged and
 * its bytes are still the recorded ones. Undefined means the page is rendered.
 */
export async function reusablePage(
  previous: PreviousOutput | undefined,
  pageFacing: string,
  file: string,
): Promise<{ source: string; page: PageInputs } | undefined> {
  if (!previous || previous.record.pageFacing !== pageFacing) return undefined;
  const page = previous.record.pages[file];
  if (!page || page.sources.some((source) => previous.changedContent.has(source))) return undefined;
  const source = path.join(previous.outDir, file);
  const bytes = await readFile(source).catch(() => undefined);
  return bytes && sha256(bytes) === page.sha256 ? { source, page } : undefined;
}
