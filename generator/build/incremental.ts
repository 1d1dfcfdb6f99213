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
 *
 * Its files are read and written with Node's synchronous calls: a build reads and links a
 * few hundred small files one after the other, and each asynchronous call would cost a hop
 * to a worker thread and back.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pruneWhenDue, type CacheBounds } from '../content/cacheFolder.ts';
import { cacheRoot } from '../project.ts';
import type { BuildInputState, InputDigests } from './upToDate.ts';
import type { RenderInput } from './render.ts';

/** Bumped when the page record's meaning changes, so an old one is never reused. */
const pageRecordVersion = 2;

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
    // Read by the templates without a file of their own: drawn from the reference texts.
    images: input.content.images,
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
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as { key?: string; inputs?: InputDigests };
    const pages = JSON.parse(readFileSync(pageRecordFileFor(recordFile), 'utf8')) as PageRecord;
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
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(record));
  renameSync(partial, file);
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
  const bytes = readOrUndefined(source);
  return bytes && sha256(bytes) === page.sha256 ? { source, page } : undefined;
}

/**
 * Rendered pages kept between builds into any folder (a fresh one, another one), content-addressed:
 * a page is filed under the SHA-256 of its HTML, and found through an index per code version and
 * `pageFacingKey` that names, for each output path, the digests of the content files the page read.
 * A page is taken from here only when every one of those files still has that digest and its HTML
 * still has that SHA-256; otherwise it is rendered.
 */
/** Where `site build` keeps rendered pages. */
export const defaultPageStoreDir = path.join(cacheRoot, 'pages');

export interface PageStore {
  dir: string;
  /** The generator's code (upToDate.ts `codeVersionOf`). */
  codeVersion: string;
  /** Content file (relative, forward slashes) → digest of its bytes, as the build record has them. */
  contentDigests: Readonly<Record<string, string>>;
}

interface StoredPage extends PageInputs {
  /** Each source's digest when the page was rendered; null: the file did not exist. */
  digests: Record<string, string | null>;
}

interface PageIndex {
  version: number;
  pages: Record<string, StoredPage>;
}

/**
 * Stored pages and indexes no build used for a week are removed, then the oldest pages beyond
 * the size (about a hundred full builds of today's site): pruned at most once a day (cacheFolder.ts).
 */
const pageBounds: CacheBounds = {
  staleAfterMilliseconds: 7 * 24 * 60 * 60 * 1000,
  maxBytes: 256 * 1024 * 1024,
};
const indexBounds: CacheBounds = {
  staleAfterMilliseconds: 7 * 24 * 60 * 60 * 1000,
  maxBytes: 64 * 1024 * 1024,
};

function readOrUndefined(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

const indexFileOf = (store: PageStore, pageFacing: string) =>
  path.join(
    store.dir,
    `${sha256(`${pageRecordVersion}\0${store.codeVersion}\0${pageFacing}`).slice(0, 32)}.json`,
  );
const htmlFileOf = (store: PageStore, hash: string) => path.join(store.dir, 'html', `${hash}.html`);
const digestsNow = (store: PageStore, sources: string[]) =>
  Object.fromEntries(sources.map((source) => [source, store.contentDigests[source] ?? null]));

function readIndex(store: PageStore, pageFacing: string): PageIndex | undefined {
  try {
    const index = JSON.parse(readFileSync(indexFileOf(store, pageFacing), 'utf8')) as PageIndex;
    return index.version === pageRecordVersion && typeof index.pages === 'object' && index.pages !== null
      ? index
      : undefined;
  } catch {
    return undefined; // none yet, or damaged
  }
}

/** A lookup of stored pages for one build: the stored HTML of a page whose content files are unchanged. */
export function storedPages(
  store: PageStore,
  pageFacing: string,
): (file: string) => Promise<{ source: string; page: PageInputs } | undefined> {
  let index: PageIndex | undefined | null = null;
  return async (file) => {
    if (index === null) index = readIndex(store, pageFacing);
    const stored = index?.pages[file];
    if (!stored || typeof stored.digests !== 'object' || !Array.isArray(stored.sources)) return undefined;
    const now = digestsNow(store, stored.sources);
    if (stored.sources.some((source) => stored.digests[source] !== now[source])) return undefined;
    const source = htmlFileOf(store, stored.sha256);
    const bytes = readOrUndefined(source);
    if (!bytes) return undefined;
    if (sha256(bytes) !== stored.sha256) {
      rmSync(source, { force: true }); // damaged: the next build keeps the page anew
      return undefined;
    }
    const { digests: _digests, ...page } = stored;
    return { source, page };
  };
}

/** Files the pages of a successful build (linked from its output folder, or copied) and updates the index. */
export async function keepPages(
  store: PageStore,
  pageFacing: string,
  pages: Record<string, PageInputs>,
  outDir: string,
): Promise<void> {
  const index: PageIndex = readIndex(store, pageFacing) ?? { version: pageRecordVersion, pages: {} };
  const htmlDir = path.join(store.dir, 'html');
  mkdirSync(htmlDir, { recursive: true });
  let changed = false;
  for (const [file, page] of Object.entries(pages)) {
    const target = htmlFileOf(store, page.sha256);
    // Kept already (its size checked only: a reader checks the bytes, and removes a damaged copy).
    if (statSync(target, { throwIfNoEntry: false })?.size !== page.bytes) {
      const partial = `${target}.${process.pid}.tmp`;
      const output = path.join(outDir, file);
      try {
        linkSync(output, partial);
      } catch {
        copyFileSync(output, partial);
      }
      renameSync(partial, target);
    }
    const entry: StoredPage = { ...page, digests: digestsNow(store, page.sources) };
    if (JSON.stringify(index.pages[file]) !== JSON.stringify(entry)) changed = true;
    index.pages[file] = entry;
  }
  const indexFile = indexFileOf(store, pageFacing);
  // An index that names the same pages is not written again: a build that only took pages from here writes nothing.
  if (changed || !statSync(indexFile, { throwIfNoEntry: false })) {
    const partial = `${indexFile}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(index));
    renameSync(partial, indexFile);
  }
  pruneWhenDue(store.dir, [path.basename(indexFile)], indexBounds);
  pruneWhenDue(
    htmlDir,
    Object.values(index.pages).map((page) => path.basename(htmlFileOf(store, page.sha256))),
    pageBounds,
  );
}
