/** Positions of a path in a parsed file, and the list that collects every problem as a located SiteError. */
import { describe, expect, it } from 'vitest';
import { positionOf, ProblemList, scalarEntries } from '../../../generator/content/parsedFile.ts';
import { parsedYaml } from '../../helpers/parsedYaml.ts';

const file = parsedYaml(
  ['# Plans', 'plans:', '  - id: one', '    features: [a, b]', '  - id: two', '    name: Two', ''].join('\n'),
);

describe('positionOf', () => {
  it('finds the value at a path', () => {
    expect(positionOf(file, ['plans', 1, 'id'])).toEqual({ line: 5, col: 9 });
    expect(positionOf(file, ['plans', 0, 'features', 1])).toEqual({ line: 4, col: 19 });
  });

  it('finds a key of a block, for a message about the key itself', () => {
    expect(positionOf(file, ['plans', 1], 'name')).toEqual({ line: 6, col: 5 });
  });

  it('falls back to the deepest node that exists', () => {
    expect(positionOf(file, ['plans', 1, 'missing', 'deeper'])).toEqual({ line: 5, col: 5 });
    expect(positionOf(file, ['plans', 1], 'missing')).toEqual({ line: 5, col: 5 });
  });

  it('falls back to the first line of an empty file', () => {
    expect(positionOf(parsedYaml(''), ['anything'])).toEqual({ line: 1, col: 1 });
  });
});

describe('ProblemList', () => {
  it('keeps every problem, in order, as a SiteError with its location and hint', () => {
    const problems = new ProblemList();
    problems.add('CONTENT_SCHEMA', 'first', 'a.yaml', { line: 3, col: 7 }, 'Fix it.');
    problems.add('CONTENT_MISSING_FILE', 'second', 'b.yaml');
    expect(problems.problems.map((problem) => problem.message)).toEqual(['first', 'second']);
    expect(problems.problems[0]).toMatchObject({
      code: 'CONTENT_SCHEMA',
      hint: 'Fix it.',
      location: { file: 'a.yaml', line: 3, column: 7 },
    });
    expect(problems.problems[1].location).toEqual({ file: 'b.yaml', line: undefined, column: undefined });
  });
});

describe('scalarEntries', () => {
  it('lists every scalar with its path, position and the lines its text spans', () => {
    const file = parsedYaml('hero:\n  title: Uno\n  text: |\n    Riga uno\n    Riga due\nitems: [a, 2]\n');
    expect(
      scalarEntries(file).map(({ segments, value, location, lines }) => ({
        segments,
        value,
        line: location.line,
        column: location.column,
        lines,
      })),
    ).toEqual([
      { segments: ['hero', 'title'], value: 'Uno', line: 2, column: 10, lines: { first: 2, last: 2 } },
      {
        segments: ['hero', 'text'],
        value: 'Riga uno\nRiga due\n',
        line: 3,
        column: 9,
        lines: { first: 3, last: 5 },
      },
      { segments: ['items', 0], value: 'a', line: 6, column: 9, lines: { first: 6, last: 6 } },
      { segments: ['items', 1], value: 2, line: 6, column: 12, lines: { first: 6, last: 6 } },
    ]);
  });
});
