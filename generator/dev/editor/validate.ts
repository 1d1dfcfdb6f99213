/**
 * A save is checked before anything is written, with the build's own loading:
 * the content folder as it would be after the save (the changed files' new texts
 * in place of what they hold) goes through the build's first stage,
 * `loadSiteContent`: the schemas and rules of a build, cross-file references
 * included. The content it loads is the content the dev server rebuilds from
 * once the save is written, so the rebuild does not load it a second time.
 * The placeholders of the new texts are checked too: each `{{name}}` complete and
 * one that the settings or the page fills (one the reference text already uses).
 */
import path from 'node:path';
import { loadSiteContent } from '../../build/stages.ts';
import type { YamlDocumentCache } from '../../content/yamlReader.ts';
import { codeFrameLines } from '../../errors/codeFrame.ts';
import { sitePlaceholders } from '../../model/constants.ts';
import type { Content } from '../../content/load.ts';
import { overlayProblems, type OverlayProblem } from '../overlay.ts';

export type ContentCheck = { problems: []; content: Content } | { problems: OverlayProblem[] };

export interface ContentChecker {
  /**
   * The content folder with `changes` (path relative to it, new text) applied: its
   * content when it builds, else its problems, named as the files to be written.
   */
  check(changes: ReadonlyMap<string, string>): Promise<ContentCheck>;
}

/**
 * `documents` keeps the parses of unchanged files from check to check (the dev
 * session's own, when it passes them): a check parses only the changed files.
 */
export function createContentChecker(
  contentDir: string,
  documents: YamlDocumentCache = new Map(),
): ContentChecker {
  return {
    async check(changes) {
      const pending = new Map(
        [...changes].map(([file, source]) => [path.join(contentDir, file), source] as const),
      );
      try {
        return { problems: [], content: await loadSiteContent(contentDir, documents, { pending }) };
      } catch (error) {
        const problems = await overlayProblems(error, contentDir);
        return {
          problems: problems.map((problem) => {
            const absolute = problem.file && path.resolve(contentDir, problem.file);
            const source = absolute ? pending.get(absolute) : undefined;
            return {
              ...problem,
              file: absolute?.startsWith(contentDir + path.sep)
                ? path.relative(contentDir, absolute)
                : problem.file,
              // The lines as they would be after the save, not as the file holds them now.
              frame:
                source !== undefined && problem.line
                  ? codeFrameLines(source, problem.line, problem.column, { context: 2 }).map(
                      ({ number, text }) => ({ number, text }),
                    )
                  : problem.frame,
            };
          }),
        };
      }
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
