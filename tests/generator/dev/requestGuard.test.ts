/** The names site dev answers to, and the problems it shows without this machine's paths. */
import { describe, expect, it } from 'vitest';
import { allowedHosts, projectRelativeProblems } from '../../../generator/dev/requestGuard.ts';

describe('allowedHosts', () => {
  it('is the printed address and the loopback names, each with the port', () => {
    expect([...allowedHosts('http://127.0.0.1:4173', undefined)].sort()).toEqual(
      ['127.0.0.1:4173', '[::1]:4173', 'localhost:4173'].sort(),
    );
  });

  it('adds the --host given, an IPv6 address in brackets', () => {
    expect(allowedHosts('http://0.0.0.0:5000', 'Dev.Example.Test').has('dev.example.test:5000')).toBe(true);
    expect(allowedHosts('http://[::]:5000', '::').has('[::]:5000')).toBe(true);
    expect(allowedHosts('http://127.0.0.1:5000', undefined).has('evil.example:5000')).toBe(false);
  });
});

describe('projectRelativeProblems', () => {
  it('makes files and stack paths relative to the project, and names a file elsewhere only by its name', () => {
    const [content, generator] = projectRelativeProblems(
      [
        { file: '/home/editor/site/content/plans.yaml', line: 3, message: 'Expected a text' },
        {
          file: '/opt/elsewhere/secret.yaml',
          message: 'at /srv/site-generator/templates/Page.tsx',
          stack: 'Error: x\n    at render (/srv/site-generator/templates/Page.tsx:4:2)',
        },
      ],
      ['/home/editor/site', '/srv/site-generator'],
    );
    expect(content).toMatchObject({ file: 'content/plans.yaml', line: 3 });
    expect(generator).toMatchObject({
      file: 'secret.yaml',
      message: 'at templates/Page.tsx',
      stack: 'Error: x\n    at render (templates/Page.tsx:4:2)',
    });
  });
});
