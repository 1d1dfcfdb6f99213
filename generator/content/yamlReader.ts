/**
 * The one YAML reader of the content: a file parsed with the positions of its
 * nodes, its YAML mistakes in plain words at their line, and a cache that keeps the
 * parse of a file whose text did not change.
 */
import path from 'node:path';
import { isAlias, LineCounter, parseDocument, visit, type YAMLError } from 'yaml';
import { type ParsedFile, ProblemList, type ScalarEntry } from './parsedFile.ts';
import { findControlCharacter } from './controlCharacters.ts';
import { readContentText } from './readContentFile.ts';

/** A YAML mistake in plain words, at the line that holds it. */
function plainYamlError(
  error: YAMLError,
  lines: string[],
): { message: string; line: number; col: number; hint: string } {
  const at = error.linePos?.[0] ?? { line: 1, col: 1 };
  const lineText = lines[at.line - 1] ?? '';
  const indentOf = (text: string) => /^ */.exec(text)![0].length;
  /** The nearest line at or above `line` that matches, for a mistake whose effect shows later (an unclosed quote or bracket). */
  const lineAbove = (from: number, test: (text: string) => boolean) => {
    for (let index = from - 1; index >= 0; index--) if (test(lines[index])) return index + 1;
    return from;
  };
  switch (error.code) {
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY': {
      const value = /^\s*(?:- )?[^\s:#][^:#]*:\s+(.*)$/.exec(lineText)?.[1] ?? '';
      if (/:\s/.test(value) || /:$/.test(value)) {
        return {
          message: 'This text contains ": " (a colon and a space), which YAML reads as a new key',
          line: at.line,
          col: lineText.indexOf(value) + value.search(/:(\s|$)/) + 1,
          hint: 'Put the whole text in double quotes: key: "text: more text" (inside, write a double quote as \\").',
        };
      }
      const next = lines.findIndex(
        (text, index) => index >= at.line && text.trim() !== '' && !text.trim().startsWith('#'),
      );
      const nextLine = next >= 0 ? next + 1 : at.line;
      return {
        message: 'This line is indented more than the line above, which already has its value',
        line: nextLine,
        col: indentOf(lines[nextLine - 1] ?? '') + 1,
        hint: `Line it up with the line above (${indentOf(lineText)} spaces), or, if it belongs under the key above, remove that key's value.`,
      };
    }
    case 'BAD_INDENT':
    case 'MISSING_CHAR': {
      if (/Flow (sequence|mapping)/.test(error.message) || /Missing , or :|flow/i.test(error.message)) {
        const line = lineAbove(
          at.line,
          (text) =>
            (text.match(/\[/g)?.length ?? 0) > (text.match(/\]/g)?.length ?? 0) ||
            (text.match(/\{/g)?.length ?? 0) > (text.match(/\}/g)?.length ?? 0),
        );
        return {
          message: 'A list in [ ] or a block in { } is not closed',
          line,
          col: Math.max(lines[line - 1].lastIndexOf('['), lines[line - 1].lastIndexOf('{')) + 1,
          hint: 'Close it on the same line with ] or }, or write one item a line with "- ".',
        };
      }
      if (/quote/i.test(error.message)) {
        const quote = /'/.test(error.message) ? "'" : '"';
        const line = lineAbove(at.line, (text) => (text.split(quote).length - 1) % 2 === 1);
        return {
          message: `A text opened with ${quote} is not closed`,
          line,
          col: lines[line - 1].indexOf(quote) + 1,
          hint: `Add the closing ${quote} at the end of the text.`,
        };
      }
      return {
        message: 'This line does not line up with the lines above it',
        line: at.line,
        col: at.col,
        hint: 'Keys of one block start in the same column, and list items ("- ") in the same column: count the spaces of the line above.',
      };
    }
    case 'TAB_AS_INDENT':
      return {
        message: 'This line is indented with a tab',
        line: at.line,
        col: at.col,
        hint: 'Indent with spaces only (two per level).',
      };
    case 'DUPLICATE_KEY':
      return {
        message: `The key "${lineText.trim().replace(/:.*$/, '')}" is written twice in this block`,
        line: at.line,
        col: indentOf(lineText) + 1,
        hint: 'Keep one of the two; the second would silently replace the first.',
      };
    case 'BAD_SCALAR_START':
      return {
        message: `A text cannot start with ${lineText[at.col - 1] ?? 'this character'} unless it is in quotes`,
        line: at.line,
        col: at.col,
        hint: 'Put the text in double quotes.',
      };
    case 'RESOURCE_EXHAUSTION':
      // The parser gives up on values nested thousands deep (a paste that repeated "[" or "- ").
      return {
        message: 'Values are nested too deeply here (lists or blocks inside each other thousands of times)',
        line: at.line,
        col: at.col,
        hint: 'Content nests a few levels at most: look for a paste that repeated [, { or "- " and remove it.',
      };
    case 'TAG_RESOLVE_FAILED':
      return {
        message: 'YAML tags (such as !js/function) are not allowed in content',
        line: at.line,
        col: at.col,
        hint: 'Write a plain value; remove the word starting with !.',
      };
    default:
      return {
        message: 'This line is not valid YAML',
        line: at.line,
        col: at.col,
        hint: 'Check the colons (a space after each), quotes (every one closed) and indentation (spaces, lined up with the line above).',
      };
  }
}

/**
 * Parsed YAML documents by absolute path, each with the text it was parsed from.
 * Parsing is most of loading the content: `site dev` keeps one of these between
 * rebuilds, so a save parses only the file whose text changed, and a build hands
 * its parses on to the translation summary. It holds only files that parsed
 * without a mistake. A document is only read once parsed, never changed, so
 * sharing it between loads is safe.
 */
export type YamlDocumentCache = Map<string, { source: string; file: ParsedFile }>;

/**
 * Texts to load in place of what some files hold, by absolute path: the editor of
 * `site dev` checks a save with them before it writes anything.
 */
export type PendingSources = ReadonlyMap<string, string>;

/**
 * Files read all at once (each read waits on the disk, not on the others), with
 * `pending`'s texts in place of theirs: parsing and checking them then go one file
 * at a time, in a fixed order. A file that cannot be read is left out: it is read
 * again where it is parsed, and its problem reported in its place.
 */
export async function readFilesAtOnce(
  contentDir: string,
  files: string[],
  pending: PendingSources | undefined,
): Promise<PendingSources> {
  const read = await Promise.all(
    files.map(async (relativePath) => {
      const absolute = path.join(contentDir, relativePath);
      if (pending?.has(absolute)) return undefined;
      const source = await readContentText(contentDir, absolute, relativePath, new ProblemList());
      return source === undefined ? undefined : ([absolute, source] as const);
    }),
  );
  return new Map([...(pending ?? []), ...read.filter((entry) => entry !== undefined)]);
}

export async function parseYamlFile(
  contentDir: string,
  relativePath: string,
  problems: ProblemList,
  documents?: YamlDocumentCache,
): Promise<ParsedFile | undefined> {
  const absolute = path.join(contentDir, relativePath);
  const source = await readContentText(contentDir, absolute, relativePath, problems);
  if (source === undefined) return undefined;
  return parseYamlText(absolute, source, problems, documents);
}

/** A file read already: parsed, or its first mistake reported. */
export function parseYamlText(
  absolute: string,
  source: string,
  problems: ProblemList,
  documents?: YamlDocumentCache,
): ParsedFile | undefined {
  const displayPath = absolute;
  const cached = documents?.get(absolute);
  if (cached?.source === source) return cached.file;
  const { lineCounter, doc } = parseText(source);
  // A tag the parser does not know is only a warning to it; content never needs one.
  const [error] = [...doc.errors, ...doc.warnings];
  if (error) {
    // Later syntax errors in a file are nearly always echoes of the first one.
    const plain = plainYamlError(error, source.split('\n'));
    problems.add(
      'CONTENT_YAML_SYNTAX',
      `YAML syntax error: ${plain.message}`,
      displayPath,
      { line: plain.line, col: plain.col },
      plain.hint,
    );
    return undefined;
  }
  // Aliases (*name) repeat a value written elsewhere; nothing in content needs them, and a chain of them can
  // expand to gigabytes ("billion laughs"). Refused before anything expands them.
  let alias: { line: number; col: number } | undefined;
  // An alias is written with "*": a file without one has none to look for.
  if (source.includes('*'))
    visit(doc, {
      Alias(_key, node) {
        if (isAlias(node)) alias = lineCounter.linePos(node.range?.[0] ?? 0);
        return visit.BREAK;
      },
    });
  if (alias) {
    problems.add(
      'CONTENT_YAML_SYNTAX',
      'YAML aliases (*name) are not allowed in content',
      displayPath,
      alias,
      'Write the value out where it is needed; remove the &anchor and the *alias.',
    );
    return undefined;
  }
  const control = findControlCharacter(doc, lineCounter, source);
  if (control) {
    problems.add(
      'CONTENT_SCHEMA',
      `This text holds a control character (${control.codePoint}), which no page can show`,
      displayPath,
      control,
      'Remove it: retype the text around it, or delete the \\0 or \\x.. escape in quotes.',
    );
    return undefined;
  }
  const file = { displayPath, doc, lineCounter };
  documents?.set(absolute, { source, file });
  return file;
}

function parseText(source: string) {
  const lineCounter = new LineCounter();
  return { lineCounter, doc: parseDocument(source, { lineCounter, prettyErrors: true, uniqueKeys: true }) };
}

/**
 * A file whose load was taken from the parsed-content cache: it parsed without a mistake before,
 * so its document is parsed only if a check across files asks where something is.
 */
export function cachedParsedFile(displayPath: string, source: string, scalars: ScalarEntry[]): ParsedFile {
  let parsed: ReturnType<typeof parseText> | undefined;
  return {
    displayPath,
    scalars,
    get doc() {
      return (parsed ??= parseText(source)).doc;
    },
    get lineCounter() {
      return (parsed ??= parseText(source)).lineCounter;
    },
  };
}
