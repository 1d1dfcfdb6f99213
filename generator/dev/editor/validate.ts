/**
 * A save is checked before anything is written, with the build's own loading:
 * the content folder as it would be after the save (a private mirror with the
 * changed files) goes through the build's first stage, `loadSiteContent`: the
 * schemas and rules of a build.
 * The placeholders of the new texts are checked too: each `{{name}}` complete and
 * one that the settings or the page fills (one the reference text already uses).
 */
import { copyFile, link, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { loadSiteContent } from '../../build/stages.ts';
import type { YamlDocumentCache } from '../../content/yamlReader.ts';
import { sitePlaceholders } from '../../model/constants.ts';
import { overlayProblems, type OverlayProblem } from '../overlay.ts';

export interface ContentChecker {
  /** The problems of the content folder with `changes` (path relative to it, new text) applied; none when it builds. */
  problemsAfter(changes: Map<string, string>): Promise<OverlayProblem[]>;
  close(): Promise<void>;
}

/**
 * Checks run in a private mirror of the content folder, kept from check to check:
 * each check writes only the files that differ from what the mirror holds, and the
 * parsed documents of unchanged files are reused, so a check costs about what the
 * dev server's own reload costs.
 */
export function createContentChecker(contentDir: string): ContentChecker {
  let mirror: Promise<string> | undefined;
  const held = new Map<string, string>();
  const documents: YamlDocumentCache = new Map();
  const mirrorDir = () =>
    (mirror ??= (async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'site-editor-check-'));
      await mkdir(path.join(dir, 'images'));
      return dir;
    })());
  // Images are only looked at: each is hard-linked (copied across file systems) into the
  // mirror when it is new or changed. Not a symbolic link: the content reader refuses any
  // file whose real path leaves the content folder, as it would a link an editor made.
  const heldImages = new Map<string, string>();
  async function mirrorImages(dir: string) {
    const images = await fg('images/**/*', { cwd: contentDir, onlyFiles: true });
    for (const file of images) {
      const { size, mtimeMs, ino } = await stat(path.join(contentDir, file));
      const version = `${size}:${mtimeMs}:${ino}`;
      if (heldImages.get(file) === version) continue;
      const target = path.join(dir, file);
      await mkdir(path.dirname(target), { recursive: true });
      await rm(target, { force: true });
      await link(path.join(contentDir, file), target).catch(() =>
        copyFile(path.join(contentDir, file), target),
      );
      heldImages.set(file, version);
    }
    for (const file of [...heldImages.keys()].filter((file) => !images.includes(file))) {
      await rm(path.join(dir, file), { force: true });
      heldImages.delete(file);
    }
  }

  async function problemsAfter(changes: Map<string, string>): Promise<OverlayProblem[]> {
    const dir = await mirrorDir();
    await mirrorImages(dir);
    const files = await fg('**/*.yaml', { cwd: contentDir, ignore: ['images/**'] });
    const wanted = new Map<string, string>();
    for (const file of files)
      wanted.set(file, changes.get(file) ?? (await readFile(path.join(contentDir, file), 'utf8')));
    for (const [file, source] of changes) wanted.set(file, source);
    for (const [file, source] of wanted) {
      if (held.get(file) === source) continue;
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), source);
      held.set(file, source);
    }
    for (const file of [...held.keys()].filter((file) => !wanted.has(file))) {
      await rm(path.join(dir, file), { force: true });
      held.delete(file);
    }
    try {
      await loadSiteContent(dir, documents);
      return [];
    } catch (error) {
      const problems = await overlayProblems(error, dir);
      // Named as the files the editor will write, with their lines as they will be.
      return problems.map((problem) => ({
        ...problem,
        file: problem.file?.startsWith(dir) ? path.relative(dir, problem.file) : problem.file,
      }));
    }
  }

  return {
    problemsAfter,
    async close() {
      if (mirror) await rm(await mirror, { recursive: true, force: true });
    },
  };
}

const placeholderPattern = /\{\{\s*([A-Za-z_$][\w$]*)\s*\}\}/g;

/** The `{{name}}`s of a text. */
export const placeholdersOf = (text: string | undefined) =>
  new Set([...(text ?? '').matchAll(placeholderPattern)].map((match) => match[1]));

/** The placeholder problem of a new text, or undefined: broken braces, or a name nothing fills. */
export function placeholderProblem(
  value: string,
  reference: string | undefined,
): { message: string; hint: string } | undefined {
  const withoutPlaceholders = value.replace(placeholderPattern, '');
  if (/\{\{|\}\}|\{\s*\{|\}\s*\}/.test(withoutPlaceholders))
    return {
      message: 'A placeholder is broken: each {{ needs its }} and a name between them, such as {{brand}}',
      hint: 'Write the placeholder as {{name}}, or remove the braces.',
    };
  const known = new Set<string>([...sitePlaceholders, ...placeholdersOf(reference)]);
  const unknown = [...placeholdersOf(value)].filter((name) => !known.has(name));
  if (unknown.length > 0)
    return {
      message: `Unknown placeholder ${unknown.map((name) => `{{${name}}}`).join(', ')}: nothing fills it on the page`,
      hint: `This text may use ${[...known].map((name) => `{{${name}}}`).join(', ')}.`,
    };
  return undefined;
}
