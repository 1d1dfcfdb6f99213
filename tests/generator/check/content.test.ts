/**
 * The content gate on edited copies of the content: a published address must keep answering,
 * the fixed zones stay as the tariffs promise, the terms state the contract facts and the
 * cookie texts name the footer's cookie settings link, in every language.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  contentFactProblems,
  contractFacts,
  packFacts,
  cookiePolicyCovers,
  gate,
} from '../../../generator/check/content.ts';
import type { CheckContext } from '../../../generator/check/types.ts';
import { loadContent } from '../../../generator/content/load.ts';
import { contentWithFixture, removeFixtureCopies } from '../../helpers/contentFixture.ts';
import { editedContent, slugRename } from '../../helpers/editedContent.ts';
import { realContent } from '../../helpers/site.ts';
import { realLanguages, realLoadedContent, realText } from '../../helpers/routeTable.ts';

afterAll(removeFixtureCopies);

const problemsOf = async (contentDir: string) =>
  contentFactProblems(await loadContent(contentDir), contentDir);

const { path: renamedPath, formerLine, rename, forward } = slugRename();

describe('the content gate', () => {
  it('passes the real content', async () => {
    const outcome = await gate.run({ contentDir: realContent } as CheckContext);
    expect(outcome.problems).toEqual([]);
    expect(outcome.checked).toBeGreaterThan(0);
  });

  it('names a renamed slug without its forward at its line, with the former: line to add', async () => {
    const contentDir = await editedContent('gate-renamed', [rename]);
    const problems = await problemsOf(contentDir);
    expect(problems).toHaveLength(1);
    expect(problems[0].page).toMatch(/slugs\.yaml:\d+$/);
    expect(problems[0].message).toContain(renamedPath);
    expect(problems[0].message).toContain(formerLine);
  });

  it('passes a renamed slug whose old address forwards', async () => {
    const contentDir = await editedContent('gate-forwarded', [rename, forward]);
    expect(await problemsOf(contentDir)).toEqual([]);
  });

  it('names a country taken out of the Europe zone, and one put into the Switzerland zone', async () => {
    const contentDir = await editedContent('gate-zones', [
      { file: 'zones.yaml', find: /\n\s+- france\n/, replace: '\n' },
      { file: 'zones.yaml', find: /(\n\s+- liechtenstein\n)/, replace: '$1      - monaco\n' },
    ]);
    const problems = await problemsOf(contentDir);
    expect(problems.map((problem) => problem.page)).toEqual([
      expect.stringMatching(/zones\.yaml:\d+$/),
      expect.stringMatching(/zones\.yaml:\d+$/),
    ]);
    expect(problems[0].message).toContain('Move to another zone (business or global): monaco');
    expect(problems[1].message).toContain('Add to its countries: france');
  });

  it('lets an editor add a country to the Global zone', async () => {
    const zones = await loadContent(realContent).then((content) => content.zones);
    const global = zones.find((zone) => zone.id === 'global')!;
    const countries = await loadContent(realContent).then((content) => content.countries);
    const inAZone = new Set(zones.flatMap((zone) => zone.countries));
    const free = countries.find((country) => !inAZone.has(country.key))!;
    const contentDir = await editedContent('gate-global', [
      {
        file: 'zones.yaml',
        find: new RegExp(`(\\n\\s+- ${global.countries[0]}\\n)`),
        replace: `$1      - ${free.key}\n`,
      },
    ]);
    expect(await problemsOf(contentDir)).toEqual([]);
  });

  it("lists a number grouped otherwise than 3'000 as a warning at its line, as site build does", async () => {
    const contentDir = await contentWithFixture('text-number-grouped-with-space');
    const outcome = await gate.run({ contentDir } as CheckContext);
    const warnings = outcome.problems.filter((problem) => problem.page?.includes('notFound.yaml'));
    expect(warnings).toEqual([
      {
        severity: 'warning',
        page: expect.stringMatching(/texts\/de\/notFound\.yaml:5$/),
        message: expect.stringMatching(/^notFound\.text: "3 000" .*3'000.* Write 3'000/),
      },
    ]);
    expect(outcome.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
  });

  describe('the contract facts in the terms', () => {
    // A language other than the reference one, so the rule is seen to hold for every language.
    const language = realLanguages.codes.at(-1)!;
    const locale = realLoadedContent.languages.of(language).locale;
    const term = contractFacts.find((fact) => fact.period?.unit === 'month')!;
    const months = term.period!.value;
    const inWords = (months: number) =>
      new Intl.NumberFormat(locale, { style: 'unit', unit: 'month', unitDisplay: 'long' })
        .format(months)
        .replace(/[\u00a0\u202f]/g, ' ');

    it('names a term changed in one language at its terms: line, with the period to write', async () => {
      const contentDir = await editedContent('gate-term', [
        {
          file: `legal/${language}.yaml`,
          find: new RegExp(`(?<!\\d)${inWords(months)}`, 'g'),
          replace: inWords(months + 12),
        },
      ]);
      const problems = await problemsOf(contentDir);
      expect(problems).toEqual([
        {
          severity: 'error',
          page: expect.stringMatching(new RegExp(`legal/${language}\\.yaml:\\d+$`)),
          message: expect.stringContaining(`Write "${inWords(months)}"`),
        },
      ]);
      expect(problems[0].message).toContain(term.says);
    });

    it('accepts the period in any sentence that states it', async () => {
      const contentDir = await editedContent('gate-term-reworded', [
        {
          file: `legal/${language}.yaml`,
          find: new RegExp(`(?<!\\d)${inWords(months)}`),
          replace: `${inWords(months)} (${inWords(months)})`,
        },
      ]);
      expect(await problemsOf(contentDir)).toEqual([]);
    });
  });

  it('names the extra packages’ validity changed in one language’s Cockpit texts at their packs: line', async () => {
    const language = realLanguages.codes.at(-1)!;
    const locale = realLoadedContent.languages.of(language).locale;
    const abroad = packFacts.find((fact) => fact.period!.value > 1)!;
    const inWords = (value: number) =>
      new Intl.NumberFormat(locale, { style: 'unit', unit: 'month', unitDisplay: 'long' })
        .format(value)
        .replace(/[\u00a0\u202f]/g, ' ');
    const contentDir = await editedContent('gate-packs', [
      {
        file: `texts/${language}/cockpit.yaml`,
        find: new RegExp(`(?<!\\d)${inWords(abroad.period!.value)}`, 'g'),
        replace: inWords(abroad.period!.value + 1),
      },
    ]);
    expect(await problemsOf(contentDir)).toEqual([
      {
        severity: 'error',
        page: expect.stringMatching(new RegExp(`texts/${language}/cockpit\\.yaml:\\d+$`)),
        message: expect.stringContaining(`${abroad.says}, ${inWords(abroad.period!.value)}`),
      },
    ]);
  });

  it('names the cookie texts that no longer name a renamed footer cookie settings link', async () => {
    const language = realLanguages.default;
    const label = realText(language, 'common.cookieBanner.settings');
    const renamed = `${label} (2)`;
    const contentDir = await editedContent('gate-cookie-link', [
      { file: `texts/${language}/common.yaml`, find: `settings: ${label}`, replace: `settings: ${renamed}` },
    ]);
    const problems = await problemsOf(contentDir);
    // The legal page's cookie notice and, in the reference language, the cookie policy page.
    expect(problems.map((problem) => problem.page)).toEqual([
      expect.stringMatching(new RegExp(`legal/${language}\\.yaml:\\d+$`)),
      expect.stringMatching(/cookie-policy\.yaml:\d+$/),
    ]);
    for (const problem of problems) {
      expect(problem.message).toContain(`"${renamed}"`);
      expect(problem.message).toContain('common.cookieBanner.settings');
    }
  });

  it('names a kind of cookie the cookie policy no longer covers, and nothing else', async () => {
    const cover = cookiePolicyCovers.find((candidate) => candidate.stem === 'marketing')!;
    const contentDir = await editedContent('gate-cookie-policy', [
      { file: 'cookie-policy.yaml', find: new RegExp(cover.stem, 'gi'), replace: 'pubblicità' },
    ]);
    expect(await problemsOf(contentDir)).toEqual([
      {
        severity: 'error',
        page: expect.stringMatching(/cookie-policy\.yaml:\d+$/),
        message: expect.stringContaining(`must cover ${cover.says}`),
      },
    ]);
  });
});
