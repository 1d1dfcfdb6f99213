/** A language whose flag the templates cannot draw is a located reference problem. */
import { describe, expect, it } from 'vitest';
import { checkFlags } from '../../../generator/content/flags.ts';
import { ProblemList } from '../../../generator/content/parsedFile.ts';
import { languagesFileSchema } from '../../../generator/model/languages.ts';
import { parsedYaml } from '../../helpers/parsedYaml.ts';

const yaml = [
  'languages:',
  '  - code: it',
  '    name: Italiano',
  '    locale: it-CH',
  '    flag: IT',
  '  - code: es',
  '    name: Español',
  '    locale: es-ES',
  '    flag: ES',
  'buttons: [it, es]',
  '',
].join('\n');

describe('checkFlags', () => {
  it('reports a flag no template draws, at the flag', () => {
    const file = parsedYaml(yaml, 'languages.yaml');
    const languages = languagesFileSchema.parse(file.doc.toJS()).languages;
    const problems = new ProblemList();
    checkFlags(languages, file, problems);
    expect(problems.problems).toHaveLength(1);
    expect(problems.problems[0]).toMatchObject({
      code: 'CONTENT_REFERENCE',
      message: 'languages[1].flag: No flag drawn for "ES"',
      location: { file: 'languages.yaml', line: 9, column: 11 },
    });
    expect(problems.problems[0].hint).toMatch(/IT, FR, DE, GB, CH.*templates\/flags\.tsx/);
  });

  it('passes languages whose flags are drawn', () => {
    const file = parsedYaml(yaml.replace('flag: ES', 'flag: CH'), 'languages.yaml');
    const problems = new ProblemList();
    checkFlags(languagesFileSchema.parse(file.doc.toJS()).languages, file, problems);
    expect(problems.problems).toEqual([]);
  });
});
