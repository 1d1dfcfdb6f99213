/** The code frame under a problem: the file's lines around it and a marker under its column. */
import { describe, expect, it } from 'vitest';
import { codeFrame, codeFrameLines } from '../../../generator/errors/codeFrame.ts';

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
