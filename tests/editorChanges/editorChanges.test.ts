/**
 * Twelve edits an editor makes every month, each on its own copy of the real content:
 * every valid one builds, keeps the properties the whole-site tests assert (every page of
 * the route table built in its language, no ⚠️ marker, every internal link resolving) and
 * passes `site check`'s cheap gates (content, links, i18n, head, budgets; not the browser
 * or Java gates: the machine is small). Each invalid variant fails with a located error
 * that says how to fix it. One process, one warm image cache, builds on disk in a temp dir.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { build } from '../../generator/build/pipeline.ts';
import { missingMarker } from '../../generator/build/translations.ts';
import { createDirectoryWriter } from '../../generator/build/writer.ts';
import { runCheck } from '../../generator/check/runner.ts';
import { loadContent } from '../../generator/content/load.ts';
import { isSiteError, type SiteError } from '../../generator/errors/siteError.ts';
import { routeTableOf } from '../../generator/model/routeTable.ts';
import { editedContent, slugRename, type Edit } from '../helpers/editedContent.ts';
import { warmImageCache } from '../helpers/sharedBuild.ts';
import { makeTempDir, realContent } from '../helpers/site.ts';

/** A slug an editor renames (one the content gate knows), its edits and its former: line. */
const slugRenamed = slugRename();

let cacheDir: string;
beforeAll(async () => {
  cacheDir = await warmImageCache(path.join(await makeTempDir('editor-changes-cache'), 'images'));
});

/** The same edit in every language's text file: `texts` gives each language its own words. */
const inEveryLanguage = (
  file: (language: string) => string,
  find: string | RegExp,
  texts: Record<string, string>,
): Edit[] => Object.entries(texts).map(([language, replace]) => ({ file: file(language), find, replace }));

/** Builds an edited copy, asserts the whole-site properties and runs the cheap gates. */
async function buildAndCheck(contentDir: string) {
  const outDir = path.join(path.dirname(contentDir), 'dist');
  await build({ contentDir, writer: createDirectoryWriter(outDir), cacheDir });
  const content = await loadContent(contentDir);
  const routeTable = routeTableOf(content);
  const files = new Set(routeTable.routes.map((route) => `/${route.file}`));
  for (const route of routeTable.routes) {
    const file = path.join(outDir, route.file);
    expect(existsSync(file), route.path).toBe(true);
    const html = await readFile(file, 'utf8');
    expect(html, route.path).toContain(`<html lang="${route.language}"`);
    expect(html.includes(missingMarker), `${route.path} shows ${missingMarker}`).toBe(false);
    for (const [, href] of html.matchAll(/href="(\/[^"#?]*)/g)) {
      const target = href.endsWith('/') ? `${href}index.html` : href;
      expect(files.has(target) || existsSync(path.join(outDir, target)), `${route.path} links ${href}`).toBe(
        true,
      );
    }
  }
  return runCheck({ dir: outDir, contentDir, only: ['content', 'links', 'i18n', 'head', 'budgets'] });
}

/** The problems a SiteError lists, or itself. */
const problemsOf = (error: SiteError) => (error.problems.length > 0 ? error.problems : [error]);

async function expectBuildError(contentDir: string): Promise<SiteError> {
  const outDir = path.join(path.dirname(contentDir), 'dist');
  const error = await build({ contentDir, writer: createDirectoryWriter(outDir), cacheDir }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isSiteError(error), String(error)).toBe(true);
  return error as SiteError;
}

const realPlans = (await loadContent(realContent)).plans;
/** The first plan of the content, the one the removal takes out. */
const firstPlan = realPlans[0].id;
/** The new plan's id and name: ones the content does not use yet (an editor may add any plan). */
const newPlanId = (() => {
  const taken = new Set(realPlans.map((plan) => plan.id));
  let id = 'plan-added-by-a-test';
  for (let n = 2; taken.has(id); n += 1) id = `plan-added-by-a-test-${n}`;
  return id;
})();
const newPlanName = newPlanId.toUpperCase().replaceAll('-', ' ');

interface Change {
  name: string;
  edits: Edit[];
}

const newPlanTexts = {
  it: 'Per le piccole aziende che lavorano solo in Svizzera.',
  en: 'For small companies that work only in Switzerland.',
  de: 'Für kleine Unternehmen, die nur in der Schweiz tätig sind.',
  fr: 'Pour les petites entreprises actives uniquement en Suisse.',
};
const newPlan: Edit[] = [
  {
    file: 'plans.yaml',
    replace: [
      `  - id: ${newPlanId}`,
      `    name: ${newPlanName}`,
      '    nationalCalls: 10h',
      '    nationalSms: 500',
      '    nationalData: 10GB',
      '    roaming: { europe: false, world: false }',
      '    esim: true',
      '    coverage: premiumCh',
      '    support: local',
      '    features: [speed5g, esim]',
      '',
    ].join('\n'),
  },
  {
    file: 'zones.yaml',
    find: /plans: \[ ?/,
    replace: `plans: [${newPlanId}, `,
  },
  ...inEveryLanguage(
    (language) => `texts/${language}/subscriptions.yaml`,
    new RegExp(`\\n {2}items:\\n {4}${firstPlan}:\\n`),
    Object.fromEntries(
      Object.entries(newPlanTexts).map(([language, text]) => [
        language,
        `\n  items:\n    ${newPlanId}:\n      description: ${text}\n    ${firstPlan}:\n`,
      ]),
    ),
  ),
];

const valid: Change[] = [
  { name: 'a new plan', edits: newPlan },
  {
    name: 'a removed plan',
    edits: [
      { file: 'plans.yaml', find: new RegExp(`\\n {2}- id: ${firstPlan}\\n(?: {4}.*\\n)+`), replace: '\n' },
      {
        file: 'zones.yaml',
        find: new RegExp(`(?<![\\w-])${firstPlan}, *|, *${firstPlan}(?![\\w-])`, 'g'),
        replace: '',
      },
    ],
  },
  {
    name: 'a new FAQ entry',
    edits: inEveryLanguage((language) => `texts/${language}/contact.yaml`, /\n {2}items:\n/, {
      it: '\n  items:\n    - question: Offrite numeri fissi?\n      answer: No, soltanto abbonamenti mobili per aziende.\n',
      en: '\n  items:\n    - question: Do you offer landlines?\n      answer: No, only mobile subscriptions for businesses.\n',
      de: '\n  items:\n    - question: Bieten Sie Festnetzanschlüsse an?\n      answer: Nein, nur Mobilabonnemente für Unternehmen.\n',
      fr: '\n  items:\n    - question: Proposez-vous des lignes fixes ?\n      answer: Non, uniquement des abonnements mobiles pour les entreprises.\n',
    }),
  },
  {
    name: 'a changed Italian text',
    edits: [
      {
        file: 'texts/it/home.yaml',
        find: /(\nhero:\n {2}title: )[^\n]*/,
        replace: '$1La telefonia mobile al servizio della vostra azienda',
      },
    ],
  },
  {
    name: 'a renamed slug with its forward',
    edits: [slugRenamed.rename, slugRenamed.forward],
  },
  {
    name: 'a new zone country',
    edits: [
      {
        file: 'zones.yaml',
        find: /(\n {2}- id: global\n(?: {4}.*\n)*? {4}countries:\n)/,
        replace: '$1      - cuba\n',
      },
    ],
  },
  {
    name: 'a new feature card',
    edits: inEveryLanguage((language) => `texts/${language}/coverage.yaml`, /\n {2}items:\n/, {
      it: '\n  items:\n    - title: Rete 5G\n      text: Velocità 5G nelle principali città svizzere.\n',
      en: '\n  items:\n    - title: 5G network\n      text: 5G speed in the main Swiss cities.\n',
      de: '\n  items:\n    - title: 5G-Netz\n      text: 5G-Geschwindigkeit in den grössten Schweizer Städten.\n',
      fr: '\n  items:\n    - title: Réseau 5G\n      text: La vitesse 5G dans les principales villes suisses.\n',
    }),
  },
  {
    name: 'a longer German text',
    edits: [
      {
        file: 'texts/de/home.yaml',
        find: /\n {2}subtitle: ([^\n]*)\n/,
        replace:
          '\n  subtitle: $1 Wir begleiten Ihr Unternehmen von der ersten Offerte bis zur letzten Rechnung persönlich, verständlich und ohne versteckte Kosten.\n',
      },
    ],
  },
  {
    name: 'a new legal section',
    edits: inEveryLanguage(
      (language) => `legal/${language}.yaml`,
      /(\nprivacy:\n(?:.*\n)*? {2}sections:\n)/,
      {
        it: '$1    - heading: Contatto per la protezione dei dati\n      paragraphs:\n        - Per ogni domanda sui vostri dati scriveteci a {{email}}.\n',
        en: '$1    - heading: Data protection contact\n      paragraphs:\n        - For any question about your data, write to {{email}}.\n',
        de: '$1    - heading: Kontakt für den Datenschutz\n      paragraphs:\n        - Für Fragen zu Ihren Daten schreiben Sie uns an {{email}}.\n',
        fr: '$1    - heading: Contact pour la protection des données\n      paragraphs:\n        - Pour toute question sur vos données, écrivez-nous à {{email}}.\n',
      },
    ),
  },
  {
    name: 'a changed tariff',
    edits: [{ file: 'tariffs.yaml', find: /(\{ item: \w+, prices: \[)[\d.]+/, replace: '$10.07' }],
  },
  {
    name: 'a new special number',
    edits: [
      {
        file: 'tariffs.yaml',
        find: 'specialNumbers:\n',
        replace:
          'specialNumbers:\n  - { number: "0842", rule: perMinuteWithEuPrice, prices: [0.10, 0.50] }\n',
      },
    ],
  },
  {
    name: 'a changed brand name',
    edits: [{ file: 'site.yaml', find: /^brand: .*$/m, replace: 'brand: Esempio Mobile' }],
  },
];

describe('twelve typical editor changes', () => {
  it('are twelve', () => expect(valid).toHaveLength(12));

  for (const change of valid) {
    it(`${change.name}: builds, keeps every page and link, passes the cheap gates`, async () => {
      const contentDir = await editedContent(change.name.replace(/\W+/g, '-'), change.edits);
      const report = await buildAndCheck(contentDir);
      const failed = report.gates.flatMap((gate) =>
        gate.problems
          .filter((problem) => problem.severity === 'error')
          .map((problem) => `${gate.gate} ${problem.page}: ${problem.message}`),
      );
      expect(failed).toEqual([]);
      expect(report.passed).toBe(true);
    }, 120_000);
  }
});

describe('their invalid variants fail at the place to fix, saying how', () => {
  it('a new plan whose description only the translations have names the reference file and the key to add', async () => {
    const withoutItalian = newPlan.filter((edit) => edit.file !== 'texts/it/subscriptions.yaml');
    const error = await expectBuildError(await editedContent('plan-without-italian', withoutItalian));
    const problem = problemsOf(error).find((candidate) => candidate.message.includes(newPlanId))!;
    expect(problem.location?.line).toBeGreaterThan(0);
    expect(problem.hint).toContain(`plans.items.${newPlanId}`);
    expect(problem.hint).toContain('texts/it/subscriptions.yaml');
  }, 120_000);

  it('a new plan without any description is an error at the plan, naming the key and the reference file', async () => {
    const withoutTexts = newPlan.filter((edit) => !edit.file.startsWith('texts/'));
    const error = await expectBuildError(await editedContent('plan-without-texts', withoutTexts));
    const problem = problemsOf(error).find((candidate) => candidate.message.includes(newPlanId))!;
    expect(problem.code).toBe('TEXT_MISSING_REFERENCE');
    expect(problem.location?.file).toMatch(/plans\.yaml$/);
    expect(problem.location?.line).toBeGreaterThan(0);
    expect(problem.hint).toContain(`subscriptions.plans.items.${newPlanId}.description`);
    expect(problem.hint).toContain('texts/it/subscriptions.yaml');
    expect(problem.hint).not.toContain('--strict');
  }, 120_000);

  it('a new plan abroad without its texts names each key at the plan: description and scope', async () => {
    const abroad = newPlan.map((edit) =>
      edit.file === 'plans.yaml'
        ? {
            ...edit,
            replace: edit.replace.replace(
              'roaming: { europe: false, world: false }',
              'roaming: { europe: { calls: 5h, data: 5GB, sms: 100 }, world: false }',
            ),
          }
        : edit,
    );
    const withoutTexts = abroad.filter((edit) => !edit.file.startsWith('texts/'));
    const error = await expectBuildError(await editedContent('plan-abroad-without-texts', withoutTexts));
    const problems = problemsOf(error).filter((problem) => problem.message.includes(newPlanId));
    expect(problems.map((problem) => problem.code)).toEqual([
      'TEXT_MISSING_REFERENCE',
      'TEXT_MISSING_REFERENCE',
    ]);
    expect(problems.map((problem) => problem.hint)).toEqual([
      expect.stringContaining(`subscriptions.plans.items.${newPlanId}.description`),
      expect.stringContaining(`subscriptions.plans.items.${newPlanId}.scope.europe`),
    ]);
    for (const problem of problems) expect(problem.location?.file).toMatch(/plans\.yaml$/);
  }, 120_000);

  it('a new feature card in the translations only is an error at the extra card, naming the Italian file', async () => {
    const inTranslations = valid
      .find((change) => change.name === 'a new feature card')!
      .edits.filter((edit) => !edit.file.startsWith('texts/it/'));
    const error = await expectBuildError(await editedContent('feature-without-italian', inTranslations));
    const problems = problemsOf(error);
    expect(problems).toHaveLength(3);
    for (const problem of problems) {
      expect(problem.code).toBe('TEXT_MISSING_REFERENCE');
      expect(problem.location?.file).toMatch(/texts\/(en|de|fr)\/coverage\.yaml$/);
      expect(problem.location?.line).toBeGreaterThan(0);
      expect(problem.hint).toContain('texts/it/coverage.yaml');
    }
  }, 120_000);

  it('a new feature card with a title and no text names the Italian item to complete', async () => {
    const titleOnly = valid
      .find((change) => change.name === 'a new feature card')!
      .edits.map((edit) =>
        edit.file.endsWith('/coverage.yaml')
          ? { ...edit, replace: edit.replace.replace(/\n {6}text: .*\n/, '\n') }
          : edit,
      );
    const error = await expectBuildError(await editedContent('feature-without-italian-text', titleOnly));
    const problem = problemsOf(error)[0];
    expect(problem.code).toBe('TEXT_MISSING_REFERENCE');
    expect(problem.location?.file).toMatch(/texts\/it\/coverage\.yaml$/);
    expect(problem.location?.line).toBeGreaterThan(0);
    expect(problem.hint).toMatch(/Add text: to coverage\.features\.items\.0 .*texts\/it\/coverage\.yaml/);
  }, 120_000);

  it('a new legal section in a translation only is an error at that section, naming the Italian file', async () => {
    const englishOnly = valid
      .find((change) => change.name === 'a new legal section')!
      .edits.filter((edit) => edit.file === 'legal/en.yaml');
    const error = await expectBuildError(await editedContent('legal-section-without-italian', englishOnly));
    const problem = problemsOf(error)[0];
    expect(problem.code).toBe('TEXT_MISSING_REFERENCE');
    expect(problem.location?.file).toMatch(/legal\/en\.yaml$/);
    expect(problem.location?.line).toBeGreaterThan(0);
    expect(problem.hint).toContain('legal/it.yaml');
  }, 120_000);

  it('a zone naming a plan that does not exist names the line', async () => {
    const error = await expectBuildError(
      await editedContent('unknown-plan', [
        {
          file: 'zones.yaml',
          find: /plans: \[ ?/,
          replace: `plans: [${newPlanId}, `,
        },
      ]),
    );
    const problem = problemsOf(error)[0];
    expect(problem.location?.file).toMatch(/zones\.yaml$/);
    expect(problem.location?.line).toBeGreaterThan(0);
    expect(`${problem.message} ${problem.hint ?? error.hint ?? ''}`).toContain(newPlanId);
  }, 120_000);

  it('a renamed slug without its forward fails the check with the former: line to add', async () => {
    const contentDir = await editedContent('renamed-without-forward', [slugRenamed.rename]);
    const report = await buildAndCheck(contentDir);
    const problem = report.gates.find((gate) => gate.gate === 'content')!.problems[0];
    expect(problem.page).toMatch(/slugs\.yaml:\d+$/);
    expect(problem.message).toContain(slugRenamed.formerLine);
    expect(report.passed).toBe(false);
  }, 120_000);

  it('a renamed slug without its forward, after a build, stops the next build at the slug with the former: line', async () => {
    const contentDir = await editedContent('renamed-after-build', []);
    const outDir = path.join(path.dirname(contentDir), 'dist');
    await build({ contentDir, writer: createDirectoryWriter(outDir), cacheDir });
    const slugsFile = path.join(contentDir, 'slugs.yaml');
    const doc = parseDocument(await readFile(slugsFile, 'utf8'));
    const language = (await loadContent(contentDir)).languages.codes[1];
    const oldSlug = String(doc.getIn(['about', language]));
    doc.setIn(['about', language], `${oldSlug}-neu`);
    await writeFile(slugsFile, doc.toString());
    const error = await expectBuildError(contentDir);
    expect(error.code).toBe('SLUG_FORWARD_MISSING');
    const [problem] = problemsOf(error);
    expect(problem.location?.file).toBe(slugsFile);
    expect(doc.toString().split('\n')[problem.location!.line! - 1]).toContain(`${oldSlug}-neu`);
    expect(problem.hint).toContain(`"about: { ${language}: [${oldSlug}] }", indented by two spaces`);
  }, 120_000);

  it('a tariff with a decimal comma names the line and says to write a point', async () => {
    const error = await expectBuildError(
      await editedContent('tariff-comma', [
        { file: 'tariffs.yaml', find: /(\{ item: \w+, prices: \[)[\d.]+/, replace: '$10,05' },
      ]),
    );
    const problem = problemsOf(error)[0];
    expect(problem.location?.file).toMatch(/tariffs\.yaml$/);
    expect(problem.location?.line).toBeGreaterThan(0);
    expect(`${problem.message} ${problem.hint ?? ''} ${error.hint ?? ''}`).toMatch(/point|0\.05/);
  }, 120_000);

  it('a country taken out of the Europe zone fails the check at zones.yaml, naming the country to add back', async () => {
    const contentDir = await editedContent('europe-without-france', [
      { file: 'zones.yaml', find: /\n\s+- france\n/, replace: '\n' },
      { file: 'zones.yaml', find: /\n\s+starred: \[ *france *\]\n/, replace: '\n' },
    ]);
    const report = await buildAndCheck(contentDir).catch((error: unknown) => error);
    if (isSiteError(report)) {
      // The build itself may refuse it (the note names a star no country carries): located all the same.
      expect(problemsOf(report)[0].location?.file).toMatch(/zones\.yaml$/);
      return;
    }
    const problem = (report as Awaited<ReturnType<typeof buildAndCheck>>).gates.find(
      (gate) => gate.gate === 'content',
    )!.problems[0];
    expect(problem.page).toMatch(/zones\.yaml:\d+$/);
    expect(problem.message).toContain('Add to its countries: france');
  }, 120_000);
});
