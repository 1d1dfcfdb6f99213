/**
 * content: the facts the site must keep whatever an editor changes, checked on the
 * content itself (no page is read, so it is the cheapest gate). Everything else an
 * editor may change freely: how many plans, cards, FAQ entries or tariff rows there
 * are, prices, texts and slugs. What stays:
 *
 * - every address the site has published answers: the spec's addresses are pages or
 *   forwards (a renamed slug keeps its old address through `former:` in slugs.yaml);
 * - the Switzerland zone is exactly Switzerland and Liechtenstein, and the Europe zone
 *   is exactly the EU members plus Iceland and Norway (the spec's zone membership:
 *   these are what the tariffs promise, not a choice of the marketing text);
 * - the terms state the spec's contract facts in every language: the minimum term, the
 *   notice period, the days to report a defect (as a number with its unit, in any
 *   sentence) and the place of jurisdiction;
 * - the cookie texts (the legal page's cookie notice in every language, the Italian cookie
 *   policy) name the footer's cookie settings link, where a visitor changes their choice;
 * - the Italian cookie policy covers the four kinds of cookies and the browser as the other
 *   place to change the choice.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadContent, type Content } from '../content/load.ts';
import { isSiteError } from '../errors/siteError.ts';
import { routeTableOf } from '../model/routeTable.ts';
import type { DefaultLanguagePathId } from '../model/constants.ts';
import type { SlugPageId } from '../model/routeTable.ts';
import type { Language } from '../model/languages.ts';
import type { LegalDocument } from '../content/schemas/legalSchema.ts';
import { plural, type CheckContext, type Gate, type Problem } from './types.ts';

/** The addresses the spec publishes, by page and language: each must keep answering. */
export const publishedAddresses: {
  page: SlugPageId | DefaultLanguagePathId;
  language: Language;
  path: string;
}[] = [
  ...(
    [
      ['about', ['/chi-siamo/', '/en/about/', '/de/uber-uns/', '/fr/qui-sommes-nous/']],
      ['subscriptions', ['/abbonamenti/', '/en/subscriptions/', '/de/abonnements/', '/fr/abonnements/']],
      ['coverage', ['/copertura/', '/en/coverage/', '/de/abdeckung/', '/fr/couverture/']],
      ['partnership', ['/partnership/', '/en/partnership/', '/de/partnerschaft/', '/fr/partenariat/']],
      ['contact', ['/contatti/', '/en/contact/', '/de/kontakt/', '/fr/contact/']],
      ['esim', ['/esim/', '/en/esim/', '/de/esim/', '/fr/esim/']],
      ['cockpit', ['/cockpit/', '/en/cockpit/', '/de/cockpit/', '/fr/cockpit/']],
      ['legal', ['/legal/', '/en/legal/', '/de/legal/', '/fr/legal/']],
    ] as const
  ).flatMap(([page, paths]) =>
    paths.map((address, index) => ({
      page,
      language: (['it', 'en', 'de', 'fr'] as const)[index],
      path: address,
    })),
  ),
  { page: 'legalAlias', language: 'it', path: '/condizioni/' },
  { page: 'cookiePolicy', language: 'it', path: '/cookie-policy/' },
  { page: 'privacyRedirect', language: 'it', path: '/privacy/' },
];

/** The spec's zone membership, as ISO 3166 codes. */
const eu27 = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' ');
export const fixedZones: Record<string, { codes: string[]; says: string }> = {
  switzerland: { codes: ['CH', 'LI'], says: 'exactly Switzerland and Liechtenstein' },
  europe: { codes: [...eu27, 'IS', 'NO'], says: 'exactly the 27 EU members plus Iceland and Norway' },
};

/**
 * A fact a text must state in every language. A period is found as its number with Intl's
 * name of the unit in that language ("24 Monate", also inside "24 Monaten"); a place by its
 * name. The sentence around it is the editors'.
 */
export interface StatedFact {
  says: string;
  period?: { value: number; unit: 'month' | 'day' | 'second' };
  place?: string;
}

/** The spec's contract facts: the terms (legal/<language>.yaml, terms:) state them. */
export const contractFacts: StatedFact[] = [
  { says: 'the minimum contract term', period: { value: 24, unit: 'month' } },
  { says: 'the notice period before the term ends', period: { value: 3, unit: 'month' } },
  { says: 'the days within which a defect must be reported', period: { value: 10, unit: 'day' } },
  { says: 'the place of jurisdiction', place: 'Lugano' },
];

/** The spec's tariff facts in prose: the tariffs (legal/<language>.yaml, tariffs:) state them. */
export const tariffFacts: StatedFact[] = [
  {
    says: 'the seconds charged for every call before billing per second',
    period: { value: 30, unit: 'second' },
  },
  { says: 'how long extra packages for use abroad stay valid', period: { value: 12, unit: 'month' } },
];

/** The extra packages' validity: the Cockpit page's packages (cockpit.packs in texts/<language>/cockpit.yaml) state it. */
export const packFacts: StatedFact[] = [
  { says: 'how long extra packages for Switzerland stay valid', period: { value: 1, unit: 'month' } },
  { says: 'how long extra packages for use abroad stay valid', period: { value: 12, unit: 'month' } },
];

/**
 * What the cookie policy (/cookie-policy/, in Italian only) must cover, each found by the stem
 * of its Italian word in any of its texts, whatever the sentence.
 */
export const cookiePolicyCovers: { says: string; stem: string }[] = [
  { says: 'necessary cookies', stem: 'necessar' },
  { says: 'preference cookies', stem: 'preferenz' },
  { says: 'statistics cookies', stem: 'statistic' },
  { says: 'marketing cookies', stem: 'marketing' },
  { says: 'that cookies can also be blocked or deleted in the browser', stem: 'browser' },
];

/** Every string in a value of the texts. */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(stringsOf)
      : [];

/** Every kind of space as one plain space: French typography sets no-break spaces. */
const plainSpaces = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');

/** Every text of a legal document, as one string. */
const documentText = (document: LegalDocument) =>
  plainSpaces(
    document.sections
      .flatMap((section) => [
        section.heading,
        ...(section.paragraphs ?? []),
        ...(section.bullets ?? []),
        ...(section.table ? [...section.table.headers, ...section.table.rows.flat()] : []),
        section.note ?? '',
      ])
      .join('\n'),
  );

/** The line of the first line of `text` that matches, counted from 1 (1 when none does). */
const lineOf = (text: string, pattern: RegExp) => {
  const index = text.split('\n').findIndex((line) => pattern.test(line));
  return index === -1 ? 1 : index + 1;
};

export async function contentFactProblems(content: Content, contentDir: string): Promise<Problem[]> {
  const problems: Problem[] = [];
  const display = (file: string, line: number) =>
    `${path.relative(process.cwd(), path.join(contentDir, file))}:${line}`;
  const languages = new Set(content.languages.codes);
  const answered = new Set(routeTableOf(content).routes.map((route) => route.path));

  const slugsText = await readFile(path.join(contentDir, 'slugs.yaml'), 'utf8');
  for (const address of publishedAddresses) {
    // A language the site no longer has takes its addresses with it: that is a decision, not a slip.
    if (!languages.has(address.language) || answered.has(address.path)) continue;
    const oldSlug = address.path.split('/').filter(Boolean).at(-1)!;
    problems.push({
      severity: 'error',
      page: display('slugs.yaml', lineOf(slugsText, new RegExp(`^\\s*${address.page}:`))),
      message:
        `the address ${address.path} (the ${address.page} page in ${address.language}) no longer answers, ` +
        `so links and bookmarks to it break. Keep it as a forward: under former: in slugs.yaml add ` +
        `"  ${address.page}: { ${address.language}: [${oldSlug}] }"`,
    });
  }

  const zonesText = await readFile(path.join(contentDir, 'zones.yaml'), 'utf8');
  // A territory of two codes (the Channel Islands) is one entry: its codes joined.
  const codeOf = (iso: string | string[]) => [iso].flat().join(' ');
  const isoOf = new Map(content.countries.map((country) => [country.key, codeOf(country.iso)]));
  for (const [zoneId, fixed] of Object.entries(fixedZones)) {
    const zone = content.zones.find((candidate) => candidate.id === zoneId);
    const at = display('zones.yaml', lineOf(zonesText, new RegExp(`id:\\s*${zoneId}\\b`)));
    const codes = new Set((zone?.countries ?? []).map((key) => isoOf.get(key)).filter(Boolean));
    const missing = fixed.codes.filter((code) => !codes.has(code));
    const extra = [...codes].filter((code) => !fixed.codes.includes(code!));
    const keyOf = (code: string) =>
      content.countries.find((country) => codeOf(country.iso) === code)?.key ?? code;
    if (missing.length > 0 || extra.length > 0)
      problems.push({
        severity: 'error',
        page: at,
        message:
          `the ${zoneId} zone must hold ${fixed.says}, as the tariffs promise.` +
          (missing.length > 0 ? ` Add to its countries: ${missing.map(keyOf).join(', ')}.` : '') +
          (extra.length > 0
            ? ` Move to another zone (business or global): ${extra.map((code) => keyOf(code!)).join(', ')}.`
            : ''),
      });
  }

  for (const language of content.languages.codes) {
    const file = `legal/${language}.yaml`;
    const legalText = await readFile(path.join(contentDir, file), 'utf8');
    const documentAt = (key: string) => display(file, lineOf(legalText, new RegExp(`^${key}:`)));
    const locale = content.languages.of(language).locale;
    const cockpitFile = `texts/${language}/cockpit.yaml`;
    const cockpitText = await readFile(path.join(contentDir, cockpitFile), 'utf8').catch(() => '');
    const packs = (content.texts[language] as { cockpit?: { packs?: unknown } }).cockpit?.packs;
    const statedIn: [facts: StatedFact[], text: string, what: string, at: string][] = [
      [
        contractFacts,
        documentText(content.legal[language].terms),
        `the terms (terms: in ${file})`,
        documentAt('terms'),
      ],
      [
        tariffFacts,
        documentText(content.legal[language].tariffs),
        `the tariffs (tariffs: in ${file})`,
        documentAt('tariffs'),
      ],
      [
        // A language without its own packages shows the reference language's, checked there.
        packs === undefined ? [] : packFacts,
        plainSpaces(stringsOf(packs).join('\n')),
        `the Cockpit page's extra packages (packs: in ${cockpitFile})`,
        display(cockpitFile, lineOf(cockpitText, /^packs:/)),
      ],
    ];
    for (const [facts, text, what, at] of statedIn)
      for (const fact of facts) {
        const stated =
          fact.place ??
          plainSpaces(
            new Intl.NumberFormat(locale, {
              style: 'unit',
              unit: fact.period!.unit,
              unitDisplay: 'long',
            }).format(fact.period!.value),
          );
        if (new RegExp(`(^|[^\\d])${stated.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(text)) continue;
        problems.push({
          severity: 'error',
          page: at,
          message:
            `${what} must state ${fact.says}, ${stated}, a fact the site must keep. ` +
            `Write "${stated}" in the sentence that states it.`,
        });
      }

    // The footer's link that reopens the cookie banner, as the visitor reads it in this language.
    const settings = (content.texts[language] as { common?: { cookieBanner?: { settings?: unknown } } })
      .common?.cookieBanner?.settings;
    if (typeof settings !== 'string') continue;
    const link = plainSpaces(settings);
    const cookieTexts: [text: string, where: string, key: string][] = [
      [documentText(content.legal[language].cookie), documentAt('cookie'), `cookie: in ${file}`],
    ];
    if (language === content.languages.default) {
      const policyText = await readFile(path.join(contentDir, 'cookie-policy.yaml'), 'utf8');
      const policyAt = display('cookie-policy.yaml', lineOf(policyText, /^\s*sections:/));
      const policy = documentText(content.cookiePolicy);
      cookieTexts.push([policy, policyAt, 'cookie-policy.yaml']);
      for (const cover of cookiePolicyCovers)
        if (!policy.toLowerCase().includes(cover.stem))
          problems.push({
            severity: 'error',
            page: policyAt,
            message:
              `the cookie policy (cookie-policy.yaml) must cover ${cover.says}, but none of its texts ` +
              `speaks of "${cover.stem}…". Add a sentence or a section that does.`,
          });
    }
    for (const [text, where, key] of cookieTexts)
      if (!text.includes(link))
        problems.push({
          severity: 'error',
          page: where,
          message:
            `the cookie text (${key}) must tell visitors where to change their cookie choice: ` +
            `name the footer's link "${link}" (common.cookieBanner.settings in texts/${language}/common.yaml) ` +
            `in one of its sections, as it is written there.`,
        });
  }
  return problems;
}

export const gate: Gate = {
  name: 'content',
  description:
    'the facts the site must keep: every published address answers (a renamed page forwards), the Switzerland and Europe zones as the tariffs promise, the contract and tariff facts in the legal texts, the extra packages’ validity, the cookie settings link in the cookie texts of every language',
  async run({ contentDir }: CheckContext) {
    let content: Content;
    try {
      content = await loadContent(contentDir);
    } catch (error) {
      if (!isSiteError(error)) throw error;
      // Content the build would refuse is not fit to publish: its own problems, each at its place.
      const problems = (error.problems.length > 0 ? error.problems : [error]).map((problem): Problem => ({
        severity: 'error',
        page: problem.location
          ? `${problem.location.file}${problem.location.line ? `:${problem.location.line}` : ''}`
          : undefined,
        message: problem.hintFor('check')
          ? `${problem.message} ${problem.hintFor('check')}`
          : problem.message,
      }));
      return { problems, checked: 0, summary: 'content that does not load' };
    }
    const problems = [
      ...(await contentFactProblems(content, contentDir)),
      // What `site build` warns about without stopping (a number grouped otherwise than 3'000), at its place.
      ...content.notices.map((notice): Problem => ({
        severity: 'warning',
        page: notice.location
          ? `${notice.location.file}${notice.location.line ? `:${notice.location.line}` : ''}`
          : undefined,
        message: `${notice.message}. ${notice.hintFor('check') ?? ''}`.trim(),
      })),
    ];
    return {
      problems,
      checked: publishedAddresses.length + Object.keys(fixedZones).length + content.languages.codes.length,
      summary: `${plural(publishedAddresses.length, 'address', 'addresses')}, ${plural(Object.keys(fixedZones).length, 'zone')}, the legal, Cockpit and cookie texts of ${plural(content.languages.codes.length, 'language')}`,
    };
  },
};
