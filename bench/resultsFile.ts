/**
 * bench/results.md: the figures of the last `npm run bench` on the machine that ran it, in
 * tables a person reads. Each bench replaces its own section and leaves the others, so a run
 * of one bench (`node --import tsx bench/dev.ts`) refreshes only its figures. The file is
 * committed and written only by the benches: the docs link to it instead of copying figures.
 * The raw figures also go to bench/results/*.json (git-ignored).
 */
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';

export const resultsFile = path.join(import.meta.dirname, 'results.md');

/** The sections, in the order the file shows them (and `npm run bench` runs them). */
export const sectionNames = ['build', 'dev', 'lighthouse'] as const;
export type SectionName = (typeof sectionNames)[number];

const title = `# Benchmark results

Written by \`npm run bench\` (\`bench/build.ts\`, \`bench/dev.ts\`, \`bench/lighthouse.ts\`); do not edit by hand.
What each figure measures, and how to compare runs: [docs/performance.md](../docs/performance.md).
`;

const begin = (name: SectionName) => `<!-- bench:${name} -->`;
const end = (name: SectionName) => `<!-- /bench:${name} -->`;

/** A Markdown table; Prettier aligns it when the file is written. */
export function markdownTable(header: readonly string[], rows: readonly (readonly (string | number)[])[]) {
  const line = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * Where and when a bench ran: the machine's figures a reader needs to compare two runs. The
 * load average (1, 5 and 15 minutes) at the start of the run, when it is given, and at its end:
 * other processes that start or stop meanwhile show in the difference.
 */
export function machineLine(loadAtStart?: number[]): string {
  const load = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ');
  const loads = loadAtStart
    ? `load average ${load(loadAtStart)} at the start, ${load(os.loadavg())} at the end`
    : `load average ${load(os.loadavg())}`;
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}; Node ${process.version}; ${loads}.`;
}

/** The file with `name`'s section replaced by `body` (added in its place if missing). */
export function replaceSection(file: string, name: SectionName, body: string): string {
  const sections = new Map<SectionName, string>();
  for (const other of sectionNames) {
    const start = file.indexOf(begin(other));
    const stop = file.indexOf(end(other));
    if (start !== -1 && stop > start)
      sections.set(other, file.slice(start + begin(other).length, stop).trim());
  }
  sections.set(name, body.trim());
  const parts = sectionNames
    .filter((other) => sections.has(other))
    .map((other) => `${begin(other)}\n\n${sections.get(other)}\n\n${end(other)}`);
  return `${title}\n${parts.join('\n\n')}\n`;
}

/** Writes `name`'s section of bench/results.md, formatted as `npm test`'s format check expects. */
export async function writeResultsSection(name: SectionName, body: string, file = resultsFile) {
  const current = await readFile(file, 'utf8').catch(() => '');
  const options = await resolveConfig(file);
  const text = await format(replaceSection(current, name, body), { ...options, parser: 'markdown' });
  await writeFile(file, text);
  console.log(`Results: ${path.relative(process.cwd(), file)}`);
}
