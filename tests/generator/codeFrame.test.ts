/** The code frame under a problem: the file's lines around it and a marker under its column. */
import { describe, expect, it } from 'vitest';
import { codeFrame, codeFrameLines } from '../../generator/codeFrame.ts';
import { formatSiteError, SiteError } from '../../generator/errors.ts';

const source = 'zones:\n  - id: europe\n    plans: [my-europe-plus, my-wrld]\n    icon: europe\n';

describe('codeFrame', () => {
  it('shows the line with a marker under the column, and a line either side', () => {
    expect(codeFrame(source, 3, 29)).toEqual([
      '  2 |   - id: europe',
      '> 3 |     plans: [my-europe-plus, my-wrld]',
      '    |                             ^',
      '  4 |     icon: europe',
    ]);
  });

  it('is empty for a line the file does not have', () => {
    expect(codeFrameLines(source, 40, 1)).toEqual([]);
    expect(codeFrameLines(source, 0, 1)).toEqual([]);
  });

  it('cuts a long line to a window around the column, the marker still under it', () => {
    const long = `countries: [${Array.from({ length: 80 }, (_, index) => `country${index}`).join(', ')}]`;
    const column = long.indexOf('country70') + 1;
    const [line, marker] = codeFrame(long, 1, column, { width: 60 });
    expect(line.length).toBeLessThan(80);
    const markerAt = marker.indexOf('^');
    expect(line.slice(markerAt, markerAt + 9)).toBe('country70');
  });

  it('counts a CRLF file by its lines', () => {
    expect(codeFrame('a: 1\r\nb: x\r\n', 2, 4)[1]).toBe('> 2 | b: x');
  });
});

describe('formatSiteError with sources', () => {
  it('puts the frame under each problem and before its hint', () => {
    const problem = new SiteError({ code: 'CONTENT_REFERENCE', message: 'zones[0].plans[1]: Unknown plan "my-wrld".', location: { file: 'zones.yaml', line: 3, column: 29 }, hint: 'Known plans: my-world.' });
    const error = new SiteError({ code: 'CONTENT_INVALID', message: 'Content has 1 problem; nothing was written.', problems: [problem] });
    const lines = formatSiteError(error, { readSource: (file) => (file === 'zones.yaml' ? source : undefined) }).split('\n');
    expect(lines[1]).toContain('zones.yaml:3:29');
    expect(lines[3]).toBe('    > 3 |     plans: [my-europe-plus, my-wrld]');
    expect(lines[4]).toBe('        |                             ^');
    expect(lines[6]).toBe('    hint: Known plans: my-world.');
  });
});
