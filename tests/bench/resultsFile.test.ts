/** bench/results.md: each bench replaces its own section and leaves the others as they were. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownTable, replaceSection, writeResultsSection } from '../../bench/resultsFile.ts';

describe('bench results file', () => {
  it('replaces one section, keeps the others, and orders them as the benches run', () => {
    const withDev = replaceSection('', 'dev', '## dev\n\nfirst');
    const withBoth = replaceSection(withDev, 'build', '## build\n\nbuilt');
    const updated = replaceSection(withBoth, 'dev', '## dev\n\nsecond');
    expect(updated).toContain('built');
    expect(updated).toContain('second');
    expect(updated).not.toContain('first');
    expect(updated.indexOf('## build')).toBeLessThan(updated.indexOf('## dev'));
    expect(updated.match(/^# Benchmark results$/gm)).toHaveLength(1);
  });

  it('writes a table the format check accepts', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-results-'));
    const file = path.join(dir, 'results.md');
    try {
      await writeResultsSection('build', markdownTable(['edit', 'median'], [['a text', '46 ms']]), file);
      const text = await readFile(file, 'utf8');
      expect(text).toContain('| edit   | median |');
      expect(text).toContain('| a text | 46 ms  |');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
