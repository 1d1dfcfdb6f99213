/**
 * The content files: one entry per file or pattern, with its schema, whether there
 * is one per language, the editor schema `site schema` writes for it, and the
 * values it names that another file defines. The loader reads each file through
 * its entry, the editor schemas are made from the entries, and dating a page's
 * content asks them which file holds a part.
 *
 * Adding a content file: an entry here, its schema under schemas/, and its part of
 * `Content` in load.ts.
 */
import type { z } from 'zod';
import { languagesFileSchema, type Language } from '../model/languages.ts';
import { cookiePolicyFileSchema, legalFileSchema } from './schemas/legalSchema.ts';
import { countriesFileSchema, plansFileSchema, tariffsFileSchema, zonesFileSchema } from './schemas/offerSchema.ts';
import { siteSettingsSchema } from './schemas/siteSchema.ts';
import { slugsFileSchema } from './schemas/slugsSchema.ts';
import { textsFileSchema } from './schemas/textsSchema.ts';
import { translationRecordSchema } from './schemas/translationRecordSchema.ts';

/** Values one content file names that another defines; the editor schema offers exactly them. */
export type ReferenceKind =
  | 'languages'
  | 'planIds'
  | 'countryKeys'
  | 'planLabels'
  | 'tariffItems'
  | 'tariffColumns'
  | 'tariffServices';

export interface ContentReference {
  /** Where in the file, as the editor schema is walked: property names, `items` for a list's entries. */
  field: readonly string[];
  /** What it must name. */
  names: ReferenceKind;
  /** Where those values are defined, in words for the editor. */
  definedIn: string;
}

export interface ContentFile {
  /** The path under content/; `<language>` stands for each language's code, `<file>` for any name. */
  pattern: string;
  schema: z.ZodType;
  /** One file per language of languages.yaml. */
  perLanguage: boolean;
  /** The editor schema under schemas/ (`<file>` as in the pattern). */
  editorSchema: string;
  references: readonly ContentReference[];
}

export const contentFiles = {
  site: {
    pattern: 'site.yaml',
    schema: siteSettingsSchema,
    perLanguage: false,
    editorSchema: 'site.schema.json',
    references: [],
  },
  languages: {
    pattern: 'languages.yaml',
    schema: languagesFileSchema,
    perLanguage: false,
    editorSchema: 'languages.schema.json',
    references: [{ field: ['buttons', 'items'], names: 'languages', definedIn: 'language codes above' }],
  },
  slugs: {
    pattern: 'slugs.yaml',
    schema: slugsFileSchema,
    perLanguage: false,
    editorSchema: 'slugs.schema.json',
    // Every page's slug per language: the language codes of languages.yaml (the editor schema names them).
    references: [],
  },
  plans: {
    pattern: 'plans.yaml',
    schema: plansFileSchema,
    perLanguage: false,
    editorSchema: 'plans.schema.json',
    references: [
      ...[['coverage'], ['support'], ['features', 'items']].map((field) => ({
        field: ['plans', 'items', ...field],
        names: 'planLabels' as const,
        definedIn: 'labels of the subscriptions texts',
      })),
    ],
  },
  zones: {
    pattern: 'zones.yaml',
    schema: zonesFileSchema,
    perLanguage: false,
    editorSchema: 'zones.schema.json',
    references: [
      { field: ['zones', 'items', 'plans', 'items'], names: 'planIds', definedIn: 'plan ids of plans.yaml' },
      {
        field: ['zones', 'items', 'countries', 'items'],
        names: 'countryKeys',
        definedIn: 'country keys of countries.yaml',
      },
      {
        field: ['zones', 'items', 'starred', 'items'],
        names: 'countryKeys',
        definedIn: 'country keys of countries.yaml',
      },
    ],
  },
  countries: {
    pattern: 'countries.yaml',
    schema: countriesFileSchema,
    perLanguage: false,
    editorSchema: 'countries.schema.json',
    references: [],
  },
  tariffs: {
    pattern: 'tariffs.yaml',
    schema: tariffsFileSchema,
    perLanguage: false,
    editorSchema: 'tariffs.schema.json',
    references: [
      {
        field: ['payPerUse', 'rows', 'items', 'item'],
        names: 'tariffItems',
        definedIn: 'items under tariffTables.payPerUse in the legal texts',
      },
      {
        field: ['payPerUse', 'columns', 'items'],
        names: 'tariffColumns',
        definedIn: 'columns under tariffTables.payPerUse in the legal texts',
      },
      {
        field: ['shortNumbers', 'items', 'service'],
        names: 'tariffServices',
        definedIn: 'services under tariffTables.shortNumbers in the legal texts',
      },
    ],
  },
  cookiePolicy: {
    pattern: 'cookie-policy.yaml',
    schema: cookiePolicyFileSchema,
    perLanguage: false,
    editorSchema: 'cookie-policy.schema.json',
    references: [],
  },
  legal: {
    pattern: 'legal/<language>.yaml',
    schema: legalFileSchema,
    perLanguage: true,
    editorSchema: 'legal.schema.json',
    references: [],
  },
  texts: {
    pattern: 'texts/<language>/<file>.yaml',
    schema: textsFileSchema,
    perLanguage: true,
    editorSchema: 'texts/<file>.schema.json',
    references: [],
  },
  // Not part of `Content`: only `site translations` and the translation checks read it
  // (generator/translations/), and the reference language has none.
  translationRecord: {
    pattern: 'translations/<language>.yaml',
    schema: translationRecordSchema,
    perLanguage: true,
    editorSchema: 'translations.schema.json',
    references: [],
  },
} as const satisfies Record<string, ContentFile>;

export type ContentFileId = keyof typeof contentFiles;

/** The files that are one for the whole site, in the registry's order. */
export const siteWideFileIds = (Object.keys(contentFiles) as ContentFileId[]).filter(
  (id) => !contentFiles[id].perLanguage,
);

/** A file's path under content/ for a language (and, for texts, a file name). */
export function contentPathOf(id: ContentFileId, language?: Language, file?: string): string {
  const { pattern } = contentFiles[id];
  if (pattern.includes('<language>') && language === undefined)
    throw new Error(`${pattern} needs a language`);
  return pattern.replace('<language>', language ?? '').replace('<file>', file ?? '');
}

const patternExpression = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.]/g, '\\.')
      .replace('<language>', '[a-z]{2,3}')
      .replace('<file>', '([\\w-]+)')}$`,
  );

/** The registry entry of a path under content/ (forward slashes), if it is a content file. */
export function contentFileAt(file: string): { id: ContentFileId; name?: string } | undefined {
  for (const id of Object.keys(contentFiles) as ContentFileId[]) {
    const match = patternExpression(contentFiles[id].pattern).exec(file);
    if (match) return { id, name: match[1] };
  }
  return undefined;
}
