/**
 * Synthetic content for the scale bench: a copy of a content folder whose long
 * lists are `factor` times longer (countries and the global zone's list, legal
 * sections, FAQ entries, tariff rows, special and short numbers). Pages and
 * images stay the same, so the build's growth shows how it scales with content.
 *
 *   node --import tsx bench/syntheticContent.ts <factor> <output folder> [content folder]
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse, stringify } from 'yaml';

type Yaml = Record<string, unknown>;

/** `list` repeated until it is `factor` times as long; `copy` makes the repeated items distinct where that matters. */
function repeat<T>(list: T[], factor: number, copy: (item: T, round: number) => T = (item) => item): T[] {
  return Array.from({ length: factor }, (_, round) =>
    list.map((item) => (round === 0 ? item : copy(item, round))),
  ).flat();
}

/** Country keys allow letters and underscores only: 0 → a, 25 → z, 26 → ba … */
function letters(index: number): string {
  let result = '';
  do {
    result = String.fromCharCode(97 + (index % 26)) + result;
    index = Math.floor(index / 26);
  } while (index > 0);
  return result;
}

async function rewrite(file: string, change: (data: Yaml) => void) {
  const data = parse(await readFile(file, 'utf8')) as Yaml;
  change(data);
  await writeFile(file, stringify(data, { lineWidth: 0, aliasDuplicateObjects: false }));
}

export async function writeSyntheticContent(
  sourceDir: string,
  targetDir: string,
  factor: number,
): Promise<void> {
  if (!Number.isInteger(factor) || factor < 1)
    throw new Error(`The factor must be a whole number of at least 1, not ${factor}`);
  await rm(targetDir, { recursive: true, force: true });
  await cp(sourceDir, targetDir, { recursive: true });
  if (factor === 1) return;

  // More countries, every new one in the global zone (each country is in one zone).
  const countriesFile = path.join(targetDir, 'countries.yaml');
  const { countries } = parse(await readFile(countriesFile, 'utf8')) as {
    countries: { key: string; iso: unknown; region: string }[];
  };
  const extra = Array.from({ length: countries.length * (factor - 1) }, (_, index) => ({
    key: `synthetic_${letters(index)}`,
    iso: countries[index % countries.length].iso,
    region: 'other',
  }));
  await writeFile(
    countriesFile,
    stringify({ countries: [...countries, ...extra] }, { lineWidth: 0, aliasDuplicateObjects: false }),
  );
  await rewrite(path.join(targetDir, 'zones.yaml'), (data) => {
    const global = (data.zones as { id: string; countries: string[] }[]).find(
      (zone) => zone.id === 'global',
    )!;
    global.countries.push(...extra.map((country) => country.key));
  });

  await rewrite(path.join(targetDir, 'tariffs.yaml'), (data) => {
    const payPerUse = data.payPerUse as { rows: unknown[] };
    payPerUse.rows = repeat(payPerUse.rows, factor);
    data.specialNumbers = repeat(data.specialNumbers as unknown[], factor);
    data.shortNumbers = repeat(data.shortNumbers as unknown[], factor);
  });

  const moreSections = (document: { sections: { heading: string }[] }) => {
    document.sections = repeat(document.sections, factor, (section, round) => ({
      ...section,
      heading: `${section.heading} (${round + 1})`,
    }));
  };
  // The languages are content too: every one listed gets the longer legal texts and FAQ.
  const languages = (
    parse(await readFile(path.join(targetDir, 'languages.yaml'), 'utf8')) as { languages: { code: string }[] }
  ).languages.map((language) => language.code);
  for (const language of languages) {
    await rewrite(path.join(targetDir, 'legal', `${language}.yaml`), (data) =>
      Object.values(data).forEach((document) =>
        moreSections(document as { sections: { heading: string }[] }),
      ),
    );
    await rewrite(path.join(targetDir, 'texts', language, 'contact.yaml'), (data) => {
      const faq = data.faq as { items: unknown[] } | undefined;
      if (faq?.items) faq.items = repeat(faq.items, factor);
    });
  }
  await rewrite(path.join(targetDir, 'cookie-policy.yaml'), (data) =>
    moreSections(data.cookiePolicy as { sections: { heading: string }[] }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [factor, target, source = path.resolve(import.meta.dirname, '../content')] = process.argv.slice(2);
  if (!factor || !target) {
    console.error(
      'Usage: node --import tsx bench/syntheticContent.ts <factor> <output folder> [content folder]',
    );
    process.exit(2);
  }
  await writeSyntheticContent(path.resolve(source), path.resolve(target), Number(factor));
  console.log(`Wrote ${factor} times the content of ${source} to ${target}`);
}
