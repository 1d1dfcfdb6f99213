/**
 * References between content files: ids that must be unique, plan ids, country
 * keys and tariff labels that must name something, placeholders a legal text may use.
 */
import { formatPath } from '../errors/siteError.ts';
import { didYouMean } from '../errors/suggest.ts';
import { textFileOf } from './contentPaths.ts';
import { type Language } from '../model/languages.ts';
import { businessBadgePlanId, sitePlaceholders } from '../model/constants.ts';
import { planTextKeys } from '../model/planTexts.ts';
import type { LegalFile } from './schemas/legalSchema.ts';
import type { Country, Plan, Tariffs, Zone } from './schemas/offerSchema.ts';
import type { TextTree } from './schemas/textsSchema.ts';
import { type ParsedFile, type PathSegment, ProblemList, positionOf, scalarEntries } from './parsedFile.ts';

/** Reports the first repeated value of `field` in a list: two plans or zones with one id would hide each other. */
function checkUnique<T>(
  items: T[],
  field: keyof T & string,
  listPath: string,
  file: ParsedFile,
  problems: ProblemList,
) {
  const seen = new Set<unknown>();
  items.forEach((item, index) => {
    const value = item[field];
    if (seen.has(value)) {
      problems.add(
        'CONTENT_SCHEMA',
        `${listPath}[${index}].${field}: "${String(value)}" is used twice`,
        file.displayPath,
        positionOf(file, [listPath, index, field]),
        `Every entry of ${listPath} needs its own ${field}.`,
      );
    }
    seen.add(value);
  });
}

interface ReferenceFiles {
  plans: ParsedFile;
  zones: ParsedFile;
  countries: ParsedFile;
}

/** Checks that cross-file references (plan ids, country keys, plan labels) point at something. */
export function checkReferences(
  plans: Plan[],
  zones: Zone[],
  countries: Country[],
  texts: Record<Language, TextTree>,
  defaultLanguage: Language,
  files: ReferenceFiles,
  problems: ProblemList,
) {
  checkUnique(plans, 'id', 'plans', files.plans, problems);
  checkUnique(zones, 'id', 'zones', files.zones, problems);
  checkUnique(countries, 'key', 'countries', files.countries, problems);
  const planIds = new Set(plans.map((plan) => plan.id));
  if (!planIds.has(businessBadgePlanId)) {
    // Renaming it would silently take the business-zone badge off its card.
    problems.add(
      'CONTENT_REFERENCE',
      `plans: No plan "${businessBadgePlanId}"`,
      files.plans.displayPath,
      positionOf(files.plans, ['plans']),
      `The business-zone badge belongs to the plan with id ${businessBadgePlanId} (its card names the zone in which business use is included); keep that id.`,
    );
  }
  const countryKeys = new Set(countries.map((country) => country.key));
  const zonesFile = files.zones;
  zones.forEach((zone, zoneIndex) => {
    zone.plans.forEach((planId, index) => {
      if (!planIds.has(planId))
        problems.add(
          'CONTENT_REFERENCE',
          `zones[${zoneIndex}].plans[${index}]: Unknown plan "${planId}".${didYouMean(planId, planIds)}`,
          zonesFile.displayPath,
          positionOf(zonesFile, ['zones', zoneIndex, 'plans', index]),
          `Known plans: ${[...planIds].join(', ')}.`,
        );
    });
    for (const field of ['countries', 'starred'] as const) {
      zone[field].forEach((key, index) => {
        if (!countryKeys.has(key))
          problems.add(
            'CONTENT_REFERENCE',
            `zones[${zoneIndex}].${field}[${index}]: Unknown country "${key}".${didYouMean(key, countryKeys)}`,
            zonesFile.displayPath,
            positionOf(zonesFile, ['zones', zoneIndex, field, index]),
            'Add the country to countries.yaml or fix the key.',
          );
      });
    }
  });
  // Plan labels are keys into the subscriptions texts; the reference language must have each.
  const subscriptions = texts[defaultLanguage].subscriptions;
  const labels =
    subscriptions && typeof subscriptions === 'object' && !Array.isArray(subscriptions)
      ? subscriptions.labels
      : undefined;
  if (!labels || typeof labels !== 'object' || Array.isArray(labels)) return;
  const checkLabel = (key: string, segments: PathSegment[]) => {
    if (!(key in labels)) {
      problems.add(
        'CONTENT_REFERENCE',
        `${formatPath(segments)}: Unknown label "${key}".${didYouMean(key, Object.keys(labels))}`,
        files.plans.displayPath,
        positionOf(files.plans, segments),
        `Labels are keys under labels: in ${textFileOf(defaultLanguage, 'subscriptions')}: ${Object.keys(labels).join(', ')}.`,
      );
    }
  };
  checkPlanTexts(plans, texts[defaultLanguage], defaultLanguage, files.plans, problems);
  plans.forEach((plan, planIndex) => {
    checkLabel(plan.coverage, ['plans', planIndex, 'coverage']);
    checkLabel(plan.support, ['plans', planIndex, 'support']);
    plan.features.forEach((feature, index) => checkLabel(feature, ['plans', planIndex, 'features', index]));
  });
}

/** The text at a dotted key of a text tree, if it is a text. */
function textAt(tree: TextTree, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' && !Array.isArray(node) ? (node as TextTree)[part] : undefined,
      tree,
    );
}

/**
 * A plan's card reads its description (and a scope line per roaming reach it includes) from
 * the subscriptions texts under the plan's id. The reference language must have each, or the
 * card would have nothing to show: reported at the plan, naming the key and the file to add.
 */
function checkPlanTexts(
  plans: Plan[],
  reference: TextTree,
  referenceLanguage: Language,
  file: ParsedFile,
  problems: ProblemList,
) {
  const textFile = textFileOf(referenceLanguage, 'subscriptions');
  plans.forEach((plan, planIndex) => {
    for (const { key, field } of planTextKeys(plan)) {
      const text = textAt(reference, key);
      if (typeof text === 'string' && text.trim() !== '') continue;
      const inFile = key.split('.').slice(1);
      problems.add(
        'TEXT_MISSING_REFERENCE',
        `plans[${planIndex}] ${plan.id}: the text ${key} is missing in ${referenceLanguage}, the reference language`,
        file.displayPath,
        positionOf(file, ['plans', planIndex, ...field]),
        `Add ${key} to ${textFile}: under ${inFile.map((part) => `${part}:`).join(' → ')} with its text, as the other plans have it; then to every other language.`,
      );
    }
  });
}

/**
 * The tariff tables name their rows, columns and services by keys under
 * tariffTables in the legal texts; the reference language must have each, or
 * every legal page would show the missing-text marker.
 */
export function checkTariffLabels(
  tariffs: Tariffs,
  texts: Record<Language, TextTree>,
  defaultLanguage: Language,
  file: ParsedFile,
  problems: ProblemList,
) {
  const tables = (texts[defaultLanguage].legal as TextTree | undefined)?.tariffTables;
  if (!tables || typeof tables !== 'object' || Array.isArray(tables)) return;
  const keysAt = (...keys: string[]) => {
    const node = keys.reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' && !Array.isArray(value) ? (value as TextTree)[key] : undefined,
      tables,
    );
    return node && typeof node === 'object' && !Array.isArray(node) ? Object.keys(node) : [];
  };
  const textFile = textFileOf(defaultLanguage, 'legal');
  const check = (key: string, known: string[], segments: PathSegment[], where: string) => {
    if (known.includes(key)) return;
    problems.add(
      'CONTENT_REFERENCE',
      `${formatPath(segments)}: Unknown ${where} "${key}".${didYouMean(key, known)}`,
      file.displayPath,
      positionOf(file, segments),
      `${where[0].toUpperCase()}${where.slice(1)}s are keys under tariffTables.${segments[0]} in ${textFile}: ${known.join(', ')}.`,
    );
  };
  const items = keysAt('payPerUse', 'items');
  const columns = keysAt('payPerUse', 'columns');
  tariffs.payPerUse.rows.forEach((row, index) =>
    check(row.item, items, ['payPerUse', 'rows', index, 'item'], 'tariff item'),
  );
  tariffs.payPerUse.columns.forEach((column, index) =>
    check(column, columns, ['payPerUse', 'columns', index], 'tariff column'),
  );
  const services = keysAt('shortNumbers', 'services');
  tariffs.shortNumbers.forEach((entry, index) => {
    if (entry.service !== undefined)
      check(entry.service, services, ['shortNumbers', index, 'service'], 'service');
  });
  const groups = keysAt('specialNumbers', 'numbers');
  tariffs.specialNumbers.forEach((entry, index) => {
    // A dialled prefix starts with a digit; anything else names a group of numbers.
    if (!/^\d/.test(entry.number))
      check(entry.number, groups, ['specialNumbers', index, 'number'], 'number group');
  });
}

/**
 * Legal texts name the settings' facts as `{{brand}}`, `{{email}}` and so on; a
 * misspelt one is reported where it is written, not when a page fails to render.
 */
export function checkLegalPlaceholders(file: ParsedFile, problems: ProblemList) {
  const known = new Set<string>(sitePlaceholders);
  for (const { segments, value, location } of scalarEntries(file)) {
    if (typeof value !== 'string') continue;
    for (const [placeholder, name] of value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) {
      if (known.has(name)) continue;
      problems.add(
        'CONTENT_REFERENCE',
        `${formatPath(segments)}: Unknown placeholder ${placeholder}.${didYouMean(name, known, (match) => `{{${match}}}`)}`,
        file.displayPath,
        { line: location.line ?? 1, col: location.column ?? 1 },
        `Legal texts may use ${[...known].map((item) => `{{${item}}}`).join(', ')}.`,
      );
    }
  }
}

/**
 * Every language has the legal documents' sections in the reference's order; a section only a
 * translation has would show on its pages alone, with no Italian to translate from or to date
 * its translation against. (A translation with fewer sections is behind: `site translations status`.)
 */
export function checkLegalSections(
  reference: LegalFile,
  translation: LegalFile,
  referenceLanguage: Language,
  file: ParsedFile,
  problems: ProblemList,
) {
  for (const document of Object.keys(translation) as (keyof LegalFile)[]) {
    const known = reference[document]?.sections.length ?? 0;
    translation[document].sections.slice(known).forEach((section, offset) => {
      const index = known + offset;
      problems.add(
        'TEXT_MISSING_REFERENCE',
        `${document}.sections[${index}] "${section.heading}": the reference language (${referenceLanguage}) has ${known} section${known === 1 ? '' : 's'} in ${document}, so this one has nothing to translate`,
        file.displayPath,
        positionOf(file, [document, 'sections', index]),
        `Add the section to ${document}: sections: in legal/${referenceLanguage}.yaml first, at the same position, then keep it here.`,
      );
    });
  }
}
