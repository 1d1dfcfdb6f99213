/** The content gate on edited copies of the content: a published address must keep answering, the fixed zones stay as the tariffs promise. */
import { afterAll, describe, expect, it } from 'vitest';
import { contentFactProblems, gate } from '../../../generator/check/content.ts';
import type { CheckContext } from '../../../generator/check/types.ts';
import { loadContent } from '../../../generator/content/load.ts';
import { contentWithFixture, removeFixtureCopies } from '../../helpers/contentFixture.ts';
import { editedContent } from '../../helpers/editedContent.ts';
import { realContent } from '../../helpers/site.ts';

afterAll(removeFixtureCopies);

const problemsOf = async (contentDir: string) =>
  contentFactProblems(await loadContent(contentDir), contentDir);

describe('the content gate', () => {
  it('passes the real content', async () => {
    const outcome = await gate.run({ contentDir: realContent } as CheckContext);
    expect(outcome.problems).toEqual([]);
    expect(outcome.checked).toBeGreaterThan(0);
  });

  it('names a renamed slug without its forward at its line, with the former: line to add', async () => {
    const contentDir = await editedContent('gate-renamed', [
      { file: 'slugs.yaml', find: 'de: uber-uns', replace: 'de: ueber-uns' },
    ]);
    const problems = await problemsOf(contentDir);
    expect(problems).toHaveLength(1);
    expect(problems[0].page).toMatch(/slugs\.yaml:\d+$/);
    expect(problems[0].message).toContain('/de/uber-uns/');
    expect(problems[0].message).toContain('about: { de: [uber-uns] }');
  });

  it('passes a renamed slug whose old address forwards', async () => {
    const contentDir = await editedContent('gate-forwarded', [
      { file: 'slugs.yaml', find: 'de: uber-uns', replace: 'de: ueber-uns' },
      { file: 'slugs.yaml', replace: 'former:\n  about: { de: [uber-uns] }\n' },
    ]);
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
});
