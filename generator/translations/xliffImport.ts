/**
 * Reading a translated XLIFF 1.2 file back into the content. Every unit is
 * checked first (its key exists, its file's target language is the one the
 * unit's text belongs to, every placeholder is kept, the text fits its field's
 * length and schema); with any problem nothing is written and every problem is
 * named with its unit id and its line in the XLIFF file. Otherwise the targets go
 * into the YAML files through the `yaml` package's Document API (comments, key
 * order and quoting kept: only the changed values differ), and the record takes
 * the source each target was translated from.
 *
 * The `xliff` package reads the units (text and inline elements); fast-xml-parser
 * checks that the file is well-formed XML and gives the line of each unit and the
 * target's `state`, which the `xliff` package drops.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { xliff12ToJs, type XliffUnit, type XliffValue } from 'xliff';
import { isScalar, parseDocument, type Document } from 'yaml';
import { SiteError } from '../errors/siteError.ts';
import type { Language } from '../model/languages.ts';
import { sitePlaceholders } from '../model/constants.ts';
import { legalFileSchema } from '../content/schemas/legalSchema.ts';
import { textsFileSchema } from '../content/schemas/textsSchema.ts';
import { didYouMean } from '../errors/suggest.ts';
import { writeAtomically, writeRecord } from './record.ts';
import { fileOfKey, legalKeyPrefix, type SourceFile } from './sources.ts';
import { entriesByKey, isWritten, nextRecord, referenceTexts, type TranslationState } from './status.ts';
import { characterCount, maxLengthOf, placeholdersOf } from './units.ts';
import { toXliffValue } from './xliffExport.ts';

/** States that say a unit is not translated yet: such a unit is left for later. */
const notDoneStates = new Set([
  'new',
  'needs-translation',
  'needs-adaptation',
  'needs-l10n',
  'needs-review-translation',
  'needs-review-adaptation',
  'needs-review-l10n',
]);

export interface ImportReport {
  language: Language;
  /** Keys whose translation was written (changed). */
  written: string[];
  /** Keys whose translation was unchanged but not current before, and is now recorded as checked. */
  confirmed: string[];
  /** Keys still marked as not translated (or with an empty target), left as they are. */
  skipped: string[];
  /** Keys written for a source that is no longer today's reference text: still outdated. */
  stillOutdated: string[];
  /** Files written, relative to the content folder. */
  files: string[];
}

interface UnitPosition {
  id: string;
  line: number;
  state?: string;
  file: { original?: string; targetLanguage?: string; sourceLanguage?: string; line: number };
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Each trans-unit's line, target state and file, from a real XML parser with positions. */
function unitPositions(xml: string): { positions: UnitPosition[]; version?: string; rootLine: number } {
  const meta = XMLParser.getMetaDataSymbol() as unknown as string;
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    captureMetaData: true,
    isArray: (name) => ['file', 'group', 'trans-unit'].includes(name),
  });
  type Node = Record<string, unknown>;
  const root = (parser.parse(xml) as Node).xliff as Node | undefined;
  const lineOf = (node: Node) =>
    lineAt(xml, (node[meta] as { startIndex?: number } | undefined)?.startIndex ?? 0);
  const positions: UnitPosition[] = [];
  const units = (container: Node, file: UnitPosition['file']) => {
    for (const unit of (container['trans-unit'] as Node[] | undefined) ?? []) {
      const target = unit.target;
      positions.push({
        id: String(unit.id ?? ''),
        line: lineOf(unit),
        state:
          typeof target === 'object' && target !== null
            ? ((target as Node).state as string | undefined)
            : undefined,
        file,
      });
    }
    for (const group of (container.group as Node[] | undefined) ?? []) units(group, file);
  };
  for (const file of (root?.file as Node[] | undefined) ?? []) {
    const where = {
      original: file.original as string | undefined,
      targetLanguage: file['target-language'] as string | undefined,
      sourceLanguage: file['source-language'] as string | undefined,
      line: lineOf(file),
    };
    const body = file.body as Node | undefined;
    if (body && typeof body === 'object') units(body, where);
  }
  return { positions, version: root?.version as string | undefined, rootLine: root ? lineOf(root) : 1 };
}

/** A unit's content as text: inline elements back to the placeholders they stand for. */
function textOf(value: XliffValue | undefined, placeholderOfId: Map<string, string>): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return value
    .map((part) => {
      if (typeof part === 'string') return part;
      const [type, element] = Object.entries(part)[0] ?? [];
      const id = String(element?.id ?? '');
      const equivalent = element?.['equiv-text'];
      if (type === 'Standalone' || type === 'Span') {
        if (placeholderOfId.has(id)) return placeholderOfId.get(id)!;
        if (typeof equivalent === 'string') return equivalent;
      }
      return textOf(element?.contents as XliffValue | undefined, placeholderOfId);
    })
    .join('');
}

/** The id of each placeholder element in the export of a text. */
function placeholderIds(text: string): Map<string, string> {
  const value = toXliffValue(text);
  const ids = new Map<string, string>();
  if (Array.isArray(value))
    for (const part of value)
      if (typeof part !== 'string' && part.Standalone)
        ids.set(String(part.Standalone.id), String(part.Standalone['equiv-text']));
  return ids;
}

/** The units of the `xliff` package's reading, by id, groups flattened. */
function unitsById(
  resources: Record<string, Record<string, XliffUnit & { groupUnits?: Record<string, XliffUnit> }>>,
) {
  const units = new Map<string, XliffUnit>();
  for (const file of Object.values(resources))
    for (const [id, unit] of Object.entries(file)) {
      if (unit.groupUnits)
        for (const [inner, groupUnit] of Object.entries(unit.groupUnits)) units.set(inner, groupUnit);
      else units.set(id, unit);
    }
  return units;
}

const yamlOptions = { lineWidth: 0, flowCollectionPadding: false } as const;

interface Change {
  key: string;
  unitId: string;
  line: number;
  target: string;
  source: string;
}

/** Reads, checks and applies an XLIFF file; throws one SiteError listing every problem and writes nothing then. */
export async function importXliff(state: TranslationState, xliffFile: string): Promise<ImportReport> {
  const display = xliffFile;
  const xml = await readFile(xliffFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new SiteError({
      code: 'XLIFF_INVALID',
      message: `The XLIFF file cannot be read: ${error.message}`,
      location: { file: display },
      cause: error,
    });
  });
  const problems: SiteError[] = [];
  const problem = (
    message: string,
    line?: number,
    column?: number,
    code: 'XLIFF_INVALID' | 'XLIFF_UNIT_INVALID' = 'XLIFF_UNIT_INVALID',
    hint?: string,
  ) => problems.push(new SiteError({ code, message, location: { file: display, line, column }, hint }));
  const refuse = () => {
    throw new SiteError({
      code: 'XLIFF_INVALID',
      message: `${path.basename(xliffFile)} has ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was written.`,
      problems,
    });
  };

  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    problem(
      `Not well-formed XML: ${valid.err.msg}`,
      valid.err.line,
      valid.err.col,
      'XLIFF_INVALID',
      'The file was damaged after the export; export it again or repair the XML.',
    );
    refuse();
  }
  const { positions, version, rootLine } = unitPositions(xml);
  if (version !== '1.2') {
    problem(
      `Not an XLIFF 1.2 file (the root element is ${version ? `XLIFF ${version}` : 'not <xliff version="1.2">'})`,
      rootLine,
      undefined,
      'XLIFF_INVALID',
      'Export the translations as XLIFF 1.2.',
    );
    refuse();
  }
  // Spaces between elements are text here: the space in `{{postalCode}} {{city}}` lies between two of them.
  const parsed = await xliff12ToJs(xml, { captureSpacesBetweenElements: true }).catch((error: unknown) => {
    problem(
      `The XLIFF file cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      1,
      undefined,
      'XLIFF_INVALID',
    );
    return refuse();
  });
  const units = unitsById(parsed.resources as Parameters<typeof unitsById>[0]);

  const reference = state.languages.default;
  const referenceByKey = new Map(
    referenceTexts(state.sources, reference).map(({ entry }) => [entry.key, entry.value]),
  );
  const languages = new Set(positions.map((position) => position.file.targetLanguage));
  const language = [...languages][0] ?? '';
  if (languages.size !== 1)
    problem(
      `The file's <file> elements name ${languages.size === 0 ? 'no' : 'different'} target languages (${[...languages].join(', ')}); one XLIFF file holds one language`,
      rootLine,
      undefined,
      'XLIFF_INVALID',
    );
  else if (!state.targets.includes(language))
    problem(
      `target-language "${language}" is not a translated language of the site (${state.targets.join(', ')})`,
      positions[0]?.file.line,
      undefined,
      'XLIFF_INVALID',
    );
  const translations = entriesByKey(state.sources, language);

  const changes: Change[] = [];
  const seen = new Set<string>();
  const report: ImportReport = {
    language,
    written: [],
    confirmed: [],
    skipped: [],
    stillOutdated: [],
    files: [],
  };
  for (const position of positions) {
    const { id, line } = position;
    const unit = units.get(id);
    const named = `unit ${id}`;
    if (seen.has(id)) {
      problem(`${named}: the id appears twice in the file`, line);
      continue;
    }
    seen.add(id);
    const current = referenceByKey.get(id);
    if (current === undefined) {
      problem(
        `${named}: no text has this key in the ${reference} content.${didYouMean(id, referenceByKey.keys())}`,
        line,
        undefined,
        'XLIFF_UNIT_INVALID',
        'The text was removed or renamed since the export; drop the unit or export again.',
      );
      continue;
    }
    const expectedFile = fileOfKey(id, language);
    if (
      position.file.targetLanguage !== language ||
      (position.file.original !== undefined && position.file.original !== expectedFile)
    ) {
      problem(
        `${named}: its <file original="${position.file.original}"> is not the ${language} file ${expectedFile}: the target-language does not match the file it was exported for`,
        line,
        undefined,
        'XLIFF_UNIT_INVALID',
        'Set the target-language back to the language of the export, or export the language again.',
      );
      continue;
    }
    if (!unit) continue;
    const ids = placeholderIds(current);
    const source = textOf(unit.source, ids).trim();
    const target = textOf(unit.target, ids).trim();
    const before = translations.get(id);
    if (
      target === '' ||
      (position.state !== undefined &&
        notDoneStates.has(position.state) &&
        target === (before?.value ?? '').trim())
    ) {
      report.skipped.push(id);
      continue;
    }
    const unchanged = before !== undefined && target === before.value.trim();
    // A language may word a text with other values of its page ({{hours}} for {{opens}}–{{closes}}): a
    // placeholder its translation already does without is not required.
    const required = placeholdersOf(source || current).filter(
      (placeholder) => !isWritten(before) || before.value.includes(placeholder),
    );
    for (const placeholder of unchanged ? [] : required)
      if (!target.includes(placeholder))
        problem(
          `${named}: the placeholder ${placeholder} was dropped from the translation`,
          line,
          undefined,
          'XLIFF_UNIT_INVALID',
          'Keep every placeholder of the source (CAT tools show them as tags); it is filled in when the page is built.',
        );
    const allowed = new Set([
      ...placeholdersOf(source || current),
      ...placeholdersOf(before?.value ?? ''),
      ...sitePlaceholders.map((name) => `{{${name}}}`),
    ]);
    for (const placeholder of unchanged ? [] : placeholdersOf(target))
      if (!allowed.has(placeholder))
        problem(
          `${named}: the translation names ${placeholder}, which the source does not have and nothing fills`,
          line,
        );
    const limit = maxLengthOf(id);
    const length = characterCount(target);
    if (length > limit)
      problem(
        `${named}: the translation has ${length} characters, over the limit of ${limit} (maxwidth)`,
        line,
        undefined,
        'XLIFF_UNIT_INVALID',
        'Shorten the translation.',
      );
    changes.push({ key: id, unitId: id, line, target, source: source || current });
  }

  // Apply in memory, then check each changed file against its schema before anything is written.
  const byFile = new Map<string, Change[]>();
  for (const change of changes) {
    const file = fileOfKey(change.key, language);
    byFile.set(file, [...(byFile.get(file) ?? []), change]);
  }
  const documents = new Map<string, { document: Document; before: string }>();
  for (const [file, fileChanges] of byFile) {
    const existing = state.sources.find((source: SourceFile) => source.file === file);
    const text = existing?.source ?? '';
    const document = parseDocument(text);
    if (existing && document.toString(yamlOptions) !== text) {
      problem(
        `${file} cannot be rewritten without changing its formatting elsewhere; nothing was written`,
        fileChanges[0].line,
        undefined,
        'XLIFF_INVALID',
        `Write these translations into content/${file} by hand.`,
      );
      continue;
    }
    const referenceEntries = new Map(
      state.sources
        .filter((source) => source.language === reference)
        .flatMap((source) => source.entries.map((entry) => [entry.key, entry] as const)),
    );
    for (const change of fileChanges) {
      const entryPath = referenceEntries.get(change.key)!.path;
      const node = document.getIn(entryPath, true);
      try {
        if (isScalar(node)) node.value = change.target;
        else document.setIn(entryPath, change.target);
      } catch {
        // A list item past the end of the translation's shorter list, a text where the file has a list…
        problem(
          `unit ${change.unitId}: ${file} has no place for this text (its structure differs from the ${reference} file)`,
          change.line,
          undefined,
          'XLIFF_UNIT_INVALID',
          `Write this translation into content/${file} by hand, where the ${reference} file has it.`,
        );
      }
    }
    const data = document.toJS() as unknown;
    const schema = file.startsWith('legal/') ? legalFileSchema : textsFileSchema;
    const result = schema.safeParse(
      file.startsWith('legal/') ? data : { [path.basename(file, '.yaml')]: data },
    );
    if (!result.success)
      for (const issue of result.error.issues) {
        const issuePath = file.startsWith('legal/') ? issue.path : issue.path.slice(1);
        const key =
          (file.startsWith('legal/') ? legalKeyPrefix : `${path.basename(file, '.yaml')}.`) +
          issuePath.join('.');
        const change = fileChanges.find((candidate) => candidate.key === key);
        problem(
          `${change ? `unit ${change.unitId}` : file}: ${issue.message}`,
          change?.line,
          undefined,
          'XLIFF_UNIT_INVALID',
        );
      }
    documents.set(file, { document, before: text });
  }
  if (problems.length > 0) refuse();

  for (const [file, { document, before }] of documents) {
    const after = document.toString(yamlOptions);
    if (after === before) continue;
    await writeAtomically(path.join(state.contentDir, file), after);
    report.files.push(file);
  }
  const updates = new Map<string, string>();
  for (const change of changes) {
    updates.set(change.key, change.source);
    const recorded = state.records[language]?.[change.key];
    if (translations.get(change.key)?.value !== change.target) report.written.push(change.key);
    else if (recorded !== change.source) report.confirmed.push(change.key);
    if (change.source !== referenceByKey.get(change.key)) report.stillOutdated.push(change.key);
  }
  const imported = new Set(changes.map((change) => change.key));
  const record = nextRecord(
    state,
    language,
    updates,
    (key) => imported.has(key) || isWritten(translations.get(key)),
  );
  if (JSON.stringify(record) !== JSON.stringify(state.records[language] ?? {})) {
    await writeRecord(state.contentDir, language, reference, record);
    report.files.push(`translations/${language}.yaml`);
  }
  return report;
}
