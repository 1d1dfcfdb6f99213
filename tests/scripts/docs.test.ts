/**
 * The generated parts of docs/: the error-code table is written from the error catalogue,
 * and the committed docs must say what the catalogue says (as `site schema --check` does
 * for the editor schemas).
 */
import { describe, expect, it } from 'vitest';
import { errorCodeTable, staleDocs } from '../../scripts/docs.ts';

describe('generated docs', () => {
  it('writes one row per code, with what it means and what to do', () => {
    const table = errorCodeTable({
      FIRST: { title: 'It broke.', causes: 'A | in a cell.', hint: 'Mend it.' },
      SECOND: { title: 'It broke again.', hint: 'Mend it here.', fix: 'Mend it again.' },
    });
    expect(table.split('\n')).toEqual([
      '| code | what it means | what to do |',
      '| --- | --- | --- |',
      '| `FIRST` | It broke. A \\| in a cell. | Mend it. |',
      '| `SECOND` | It broke again. | Mend it again. |',
    ]);
  });

  it('are committed as npm run docs writes them', async () => {
    expect(await staleDocs(), 'run npm run docs and commit docs/').toEqual([]);
  });
});
