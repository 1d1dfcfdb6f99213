/**
 * A save is checked before anything is written, with the build's own loading:
 * the content folder as it would be after the save (a private copy with the
 * changed files) goes through `loadContent`, the schemas and rules of a build.
 * The placeholders of the new texts are checked too: each `{{name}}` complete and
 * one that the settings or the page fills (one the reference text already uses).
 */
import { cp, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadContent } from '../../content.ts';
import { sitePlaceholders } from '../../schema.ts';
import { overlayProblems, type OverlayProblem } from '../overlay.ts';

/** Checks the content folder with `changes` (path relative to it, new text) applied; the problems, or none. */
export async function problemsAfter(
  contentDir: string,
  changes: Map<string, string>,
): Promise<OverlayProblem[]> {
  const copy = await mkdtemp(path.join(os.tmpdir(), 'site-editor-check-'));
  try {
    // Images are only looked at: linked, not copied.
    await cp(contentDir, copy, {
      recursive: true,
      filter: (source) => source !== path.join(contentDir, 'images'),
    });
    await symlink(path.join(contentDir, 'images'), path.join(copy, 'images')).catch(() => {});
    for (const [file, source] of changes) await writeFile(path.join(copy, file), source);
    try {
      await loadContent(copy);
      return [];
    } catch (error) {
      const problems = await overlayProblems(error, copy);
      // Named as the files the editor will write, with their lines as they will be.
      return problems.map((problem) => ({
        ...problem,
        file: problem.file?.startsWith(copy) ? path.relative(copy, problem.file) : problem.file,
      }));
    }
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
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
