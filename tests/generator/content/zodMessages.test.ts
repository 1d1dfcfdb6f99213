/**
 * zod's findings in the content's words: each issue at the line and column of the
 * value it is about, with what the editor wrote, and for a misspelt key the key meant.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProblemList } from '../../../generator/content/parsedFile.ts';
import { validate } from '../../../generator/content/zodMessages.ts';
import { parsedYaml } from '../../helpers/parsedYaml.ts';

const planSchema = z
  .object({
    id: z.string(),
    name: z.string().max(10),
    esim: z.boolean(),
    sms: z.number().int().max(5000),
    colour: z.enum(['red', 'green', 'blue']),
    roaming: z.union([z.literal(false), z.object({ calls: z.string() }).strict()]),
  })
  .strict();
const fileSchema = z.object({ plans: z.array(planSchema).min(1) }).strict();

const good = {
  id: 'one',
  name: 'One',
  esim: 'true',
  sms: '100',
  colour: 'red',
  roaming: 'false',
};
/** plans.yaml with one plan, its fields as written here (`name: One` → line 4). */
const plansYaml = (fields: Record<string, string> = {}) =>
  [
    'plans:',
    ...Object.entries({ ...good, ...fields }).map(
      ([key, value], index) => `${index === 0 ? '  - ' : '    '}${key}: ${value}`,
    ),
    '',
  ].join('\n');

function run(yaml: string, schema: z.ZodType = fileSchema, prefix: (string | number)[] = []) {
  const problems = new ProblemList();
  const data = validate(parsedYaml(yaml, 'plans.yaml'), schema, problems, prefix);
  return { data, problems: problems.problems };
}

describe('validate', () => {
  it('gives back the parsed data of a valid file, and no problem', () => {
    const { data, problems } = run(plansYaml());
    expect(problems).toEqual([]);
    expect(data).toEqual({
      plans: [{ id: 'one', name: 'One', esim: true, sms: 100, colour: 'red', roaming: false }],
    });
  });

  it('says what was expected and what the editor wrote, at the value', () => {
    const { data, problems } = run(plansYaml({ id: '50' }));
    expect(data).toBeUndefined();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'CONTENT_SCHEMA',
      message: 'plans[0].id: Expected a text, found the number 50; put it in quotes if it is meant as a text',
      location: { file: 'plans.yaml', line: 2, column: 9 },
    });
  });

  it('tells a quoted yes/no value to drop the quotes', () => {
    const { problems } = run(plansYaml({ esim: '"yes"' }));
    expect(problems.map((problem) => problem.message)).toEqual([
      'plans[0].esim: Expected true or false (write true or false, without quotes), found the text "yes"',
    ]);
    expect(problems[0].location).toMatchObject({ line: 4, column: 11 });
  });

  it('names a missing field and its type, at the block that lacks it', () => {
    const yaml = plansYaml().replace('    name: One\n', '');
    const { problems } = run(yaml);
    expect(problems.map((problem) => problem.message)).toEqual([
      'plans[0].name: Required field is missing (expected a text)',
    ]);
    expect(problems[0].location).toMatchObject({ line: 2, column: 5 });
  });

  it('counts the characters of a text that is too long', () => {
    const { problems } = run(plansYaml({ name: 'Twelve chars' }));
    expect(problems.map((problem) => problem.message)).toEqual([
      'plans[0].name: Too long: 12 characters, at most 10 are allowed',
    ]);
  });

  it('gives a number’s limit and the number written', () => {
    const { problems } = run(plansYaml({ sms: '9000' }));
    expect(problems.map((problem) => problem.message)).toEqual([
      'plans[0].sms: Expected a number of at most 5000, found 9000',
    ]);
  });

  it('lists the allowed values, with the one probably meant', () => {
    const { problems } = run(plansYaml({ colour: 'gren' }));
    expect(problems[0].message).toBe(
      'plans[0].colour: Expected one of red, green, blue, found the text "gren". Did you mean "green"?',
    );
  });

  it('reports a list that is too short with its count', () => {
    const { problems } = run('plans: []\n');
    expect(problems.map((problem) => problem.message)).toEqual([
      'plans: Expected at least 1 item, found 0',
    ]);
  });

  it('reports a misspelt key once, at the key, with the key meant (not also that key as missing)', () => {
    const { problems } = run(plansYaml().replace('name: One', 'nmae: One'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'CONTENT_UNKNOWN_KEY',
      message: 'plans[0].nmae: Unknown key "nmae". Did you mean "name"?',
      location: { line: 3, column: 5 },
    });
  });

  it('lists the keys of the block for an unknown key like none of them', () => {
    const { problems } = run(plansYaml({ extraordinary: 'x' }));
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toBe('plans[0].extraordinary: Unknown key "extraordinary".');
    expect(problems[0].hint).toBe(
      'The keys here are id, name, esim, sms, colour, roaming. Unknown keys are rejected so that a typo never goes unnoticed.',
    );
  });

  it('reports what is wrong inside the branch of a union the value was meant for', () => {
    const { problems } = run(plansYaml({ roaming: '{ calls: 100 }' }));
    expect(problems.map((problem) => problem.message)).toEqual([
      'plans[0].roaming.calls: Expected a text, found the number 100; put it in quotes if it is meant as a text',
    ]);
  });

  it('reads a decimal comma in a block of keys as what it is', () => {
    const schema = z.object({ fees: z.object({ setup: z.number() }).strict() }).strict();
    const { problems } = run('fees: { setup: 0,50 }\n', schema);
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toBe('fees.setup: a decimal comma? Write 0.50, not 0,50');
    expect(problems[0].hint).toMatch(/decimal point/);
  });

  it('reads a decimal comma in a row of prices as what split it into one value too many', () => {
    const schema = z.object({ rows: z.array(z.object({ prices: z.array(z.number()).length(2) })) });
    const { problems } = run('rows:\n  - prices: [0,05, 0.23]\n', schema);
    expect(problems.map((problem) => problem.message)).toEqual([
      'rows[0].prices: This row has 3 prices, the table has 2 columns; a decimal comma? Write 0.05, not 0,05',
    ]);
    expect(problems[0].location).toMatchObject({ line: 2, column: 13 });
  });

  it('puts the prefix (a text file’s name) before every path', () => {
    const schema = z.object({ title: z.string() }).strict();
    const { problems } = run('title: 12\n', schema, ['home']);
    expect(problems[0].message).toMatch(/^home\.title: Expected a text/);
  });

  it('reports every problem of a file at once', () => {
    const { problems } = run(plansYaml({ id: '50', sms: '9000', colour: 'gren' }));
    expect(problems.map((problem) => problem.message.split(':')[0])).toEqual([
      'plans[0].id',
      'plans[0].sms',
      'plans[0].colour',
    ]);
  });
});
