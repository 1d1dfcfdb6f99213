/**
 * References between content files, on a tiny offer written inline: ids that must be
 * unique, plan ids, country keys and labels that must name something (with the one
 * probably meant), the texts a plan's card needs, tariff labels, legal placeholders
 * and legal sections only a translation has.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProblemList } from '../../../generator/content/parsedFile.ts';
import {
  checkLegalPlaceholders,
  checkLegalSections,
  checkReferences,
  checkTariffLabels,
} from '../../../generator/content/references.ts';
import type { LegalFile } from '../../../generator/content/schemas/legalSchema.ts';
import {
  countriesFileSchema,
  planSchema,
  zoneSchema,
  type Tariffs,
} from '../../../generator/content/schemas/offerSchema.ts';
import type { TextTree } from '../../../generator/content/schemas/textsSchema.ts';
import { businessBadgePlanId } from '../../../generator/model/constants.ts';
import { parsedYaml } from '../../helpers/parsedYaml.ts';

const plan = (id: string, europe = 'false', features = '[speed5g]') =>
  [
    `  - id: ${id}`,
    '    name: X',
    '    nationalCalls: 1h',
    '    nationalSms: 1',
    '    nationalData: 1GB',
    `    roaming: { europe: ${europe}, world: false }`,
    '    esim: true',
    '    coverage: premiumCh',
    '    support: local',
    `    features: ${features}`,
  ].join('\n');
const zone = (plans: string, countries: string, starred = '[]') =>
  [
    '  - id: europe',
    '    icon: europe',
    '    colour: "#84cc16"',
    `    plans: ${plans}`,
    `    countries: ${countries}`,
    `    starred: ${starred}`,
  ].join('\n');

const labels = { speed5g: '5G', premiumCh: 'Rete', local: 'Assistenza di prova' };
const cardTexts = (ids: string[]) =>
  Object.fromEntries(ids.map((id) => [id, { description: `Piano ${id}`, scope: { europe: 'Europa' } }]));

function references(options: {
  plans: string[];
  zones: string[];
  countries?: string[];
  texts?: TextTree;
}) {
  const files = {
    plans: parsedYaml(`plans:\n${options.plans.join('\n')}\n`, 'plans.yaml'),
    zones: parsedYaml(
      options.zones.length > 0 ? `zones:\n${options.zones.join('\n')}\n` : 'zones: []\n',
      'zones.yaml',
    ),
    countries: parsedYaml(
      `countries:\n${(options.countries ?? ['paese_prova', 'austria'])
        .map((key) => `  - { key: ${key}, iso: CH, region: eea }`)
        .join('\n')}\n`,
      'countries.yaml',
    ),
  };
  const plans = z.array(planSchema).parse(files.plans.doc.toJS().plans);
  const zones = z.array(zoneSchema).parse(files.zones.doc.toJS().zones);
  const countries = countriesFileSchema.parse(files.countries.doc.toJS()).countries;
  const texts = {
    it: options.texts ?? {
      subscriptions: { labels, plans: { items: cardTexts(plans.map((each) => each.id)) } },
    },
  };
  const problems = new ProblemList();
  checkReferences(plans, zones, countries, texts, 'it', files, problems);
  return problems.problems;
}

// Every offer needs the plan of the business-zone badge, whose id is the generator's.
const badgePlan = plan(businessBadgePlanId);

describe('checkReferences', () => {
  it('passes an offer whose references all name something', () => {
    expect(references({ plans: [badgePlan, plan('basic')], zones: [zone('[basic]', '[austria]')] })).toEqual(
      [],
    );
  });

  it('reports an unknown plan in a zone at its item, with the plan probably meant and the known ones', () => {
    const problems = references({
      plans: [badgePlan, plan('basic')],
      zones: [zone('[basic, basik]', '[austria]')],
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'CONTENT_REFERENCE',
      message: 'zones[0].plans[1]: Unknown plan "basik". Did you mean "basic"?',
      hint: `Known plans: ${businessBadgePlanId}, basic.`,
      location: { file: 'zones.yaml', line: 5, column: 20 },
    });
  });

  it('reports an unknown country among the countries and the starred ones', () => {
    const problems = references({
      plans: [badgePlan, plan('basic')],
      zones: [zone('[basic]', '[austria, austrai]', '[swiss]')],
    });
    expect(problems.map((problem) => problem.message)).toEqual([
      'zones[0].countries[1]: Unknown country "austrai". Did you mean "austria"?',
      'zones[0].starred[0]: Unknown country "swiss".',
    ]);
    expect(problems[0].location).toMatchObject({ line: 6, column: 26 });
  });

  it('reports an id used twice at its second use', () => {
    const problems = references({ plans: [badgePlan, plan('basic'), plan('basic')], zones: [] });
    expect(problems.map((problem) => problem.message)).toEqual(['plans[2].id: "basic" is used twice']);
    expect(problems[0].location?.line).toBe(22);
    const countries = references({
      plans: [badgePlan],
      zones: [],
      countries: ['austria', 'austria'],
    });
    expect(countries.map((problem) => problem.message)).toEqual(['countries[1].key: "austria" is used twice']);
  });

  it('requires the plan that carries the business-zone badge', () => {
    const problems = references({ plans: [plan('basic')], zones: [] });
    expect(problems.map((problem) => problem.message)).toEqual([`plans: No plan "${businessBadgePlanId}"`]);
    expect(problems[0].hint).toMatch(/keep that id/);
  });

  it('reports a label the reference language does not have, with the one probably meant', () => {
    const problems = references({ plans: [plan(businessBadgePlanId, 'false', '[speed5gg]')], zones: [] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'CONTENT_REFERENCE',
      message: 'plans[0].features[0]: Unknown label "speed5gg". Did you mean "speed5g"?',
      location: { file: 'plans.yaml', line: 11, column: 16 },
    });
    expect(problems[0].hint).toMatch(/texts\/it\/subscriptions\.yaml: speed5g, premiumCh, local/);
  });

  it('requires a card’s description, and a scope per roaming reach it includes, in the reference language', () => {
    const europe = '{ calls: 1h, data: 1GB, sms: 1 }';
    const problems = references({
      plans: [plan(businessBadgePlanId, europe)],
      zones: [],
      texts: { subscriptions: { labels, plans: { items: { [businessBadgePlanId]: { description: ' ' } } } } },
    });
    expect(problems.map((problem) => [problem.code, problem.message])).toEqual([
      [
        'TEXT_MISSING_REFERENCE',
        `plans[0] ${businessBadgePlanId}: the text subscriptions.plans.items.${businessBadgePlanId}.description is missing in it, the reference language`,
      ],
      [
        'TEXT_MISSING_REFERENCE',
        `plans[0] ${businessBadgePlanId}: the text subscriptions.plans.items.${businessBadgePlanId}.scope.europe is missing in it, the reference language`,
      ],
    ]);
    expect(problems[1].location?.line).toBe(7);
    expect(problems[1].hint).toContain(`under plans: → items: → ${businessBadgePlanId}: → scope: → europe:`);
  });
});

describe('checkTariffLabels', () => {
  const yaml = [
    'payPerUse:',
    '  columns: [ch, world]',
    '  rows:',
    '    - { item: calls, prices: [1, 2] }',
    '    - { item: smss, prices: [1, 2] }',
    'specialNumbers:',
    '  - { number: "0800", rule: free }',
    '  - { number: premum, rule: free }',
    'shortNumbers:',
    '  - { numbers: ["1414"], service: wakeUp }',
    '',
  ].join('\n');
  const tables = {
    payPerUse: { items: { calls: 'Chiamate', sms: 'SMS' }, columns: { ch: 'CH', world: 'Mondo' } },
    shortNumbers: { services: { wakeUp: 'Sveglia' } },
    specialNumbers: { numbers: { premium: 'Premium' } },
  };

  it('reports a row, column, service or number group the legal texts have no label for', () => {
    const file = parsedYaml(yaml, 'tariffs.yaml');
    const problems = new ProblemList();
    const tariffs = file.doc.toJS() as Tariffs;
    checkTariffLabels(tariffs, { it: { legal: { tariffTables: tables } } }, 'it', file, problems);
    expect(problems.problems.map((problem) => problem.message)).toEqual([
      'payPerUse.rows[1].item: Unknown tariff item "smss". Did you mean "sms"?',
      'specialNumbers[1].number: Unknown number group "premum". Did you mean "premium"?',
    ]);
    expect(problems.problems[0].location).toMatchObject({ line: 5, column: 15 });
    expect(problems.problems[0].hint).toBe(
      'Tariff items are keys under tariffTables.payPerUse in texts/it/legal.yaml: calls, sms.',
    );
  });
});

describe('checkLegalPlaceholders', () => {
  it('reports a placeholder no setting fills, where it is written, with the one probably meant', () => {
    const file = parsedYaml(
      'terms:\n  sections:\n    - paragraphs:\n        - "{{brand}} at {{ city }}, write to {{emial}}."\n',
      'legal/de.yaml',
    );
    const problems = new ProblemList();
    checkLegalPlaceholders(file, problems);
    expect(problems.problems).toHaveLength(1);
    expect(problems.problems[0]).toMatchObject({
      code: 'CONTENT_REFERENCE',
      message: 'terms.sections[0].paragraphs[0]: Unknown placeholder {{emial}}. Did you mean {{email}}?',
      location: { file: 'legal/de.yaml', line: 4, column: 11 },
    });
  });
});

describe('checkLegalSections', () => {
  const document = (headings: string[]) => ({
    title: 'T',
    lastUpdated: '2025-01',
    sections: headings.map((heading) => ({ heading })),
  });

  it('reports a section only the translation has, and passes one the translation still lacks', () => {
    const reference = { terms: document(['Uno']), privacy: document(['Uno', 'Due']) } as unknown as LegalFile;
    const translation = {
      terms: document(['One', 'Two']),
      privacy: document(['One']),
    } as unknown as LegalFile;
    const file = parsedYaml(
      'terms:\n  sections:\n    - heading: One\n    - heading: Two\nprivacy:\n  sections:\n    - heading: One\n',
      'legal/en.yaml',
    );
    const problems = new ProblemList();
    checkLegalSections(reference, translation, 'it', file, problems);
    expect(problems.problems).toHaveLength(1);
    expect(problems.problems[0]).toMatchObject({
      code: 'TEXT_MISSING_REFERENCE',
      message:
        'terms.sections[1] "Two": the reference language (it) has 1 section in terms, so this one has nothing to translate',
      location: { line: 4, column: 7 },
    });
  });
});
