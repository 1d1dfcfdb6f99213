/**
 * `site translations` on a copy of the real content: status, status --json, export
 * of every language, export of one language's open texts, and an import of a whole
 * language's file. Measured, never asserted; as in bench/build.ts each run is
 * paired with a `node -e 0` started just before it, and times are ratios to it
 * (CPU: user + system of the process; wall beside it). Medians with min–max.
 *
 *   node --import tsx bench/translations.ts [--runs 5]
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const runsIndex = process.argv.indexOf('--runs');
const runs = Number(runsIndex === -1 ? (process.env.BENCH_RUNS ?? 5) : process.argv[runsIndex + 1]);
const root = path.join(import.meta.dirname, '..');
const work = mkdtempSync(path.join(os.tmpdir(), 'site-bench-translations-'));
const content = path.join(work, 'content');
cpSync(path.join(root, 'content'), content, { recursive: true });
const site = (...args: string[]) => [
  process.execPath,
  path.join(root, 'bin/site.js'),
  'translations',
  ...args,
];

/** Wall and CPU seconds of one run (bash's `times` gives the child's user and system time). */
function run(command: string[]): { wall: number; cpu: number } {
  const started = performance.now();
  const result = spawnSync(
    'bash',
    ['-c', '"$@" >/dev/null 2>&1; code=$?; times; exit $code', 'bench', ...command],
    {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  const wall = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`${command.join(' ')} failed (${result.status})`);
  const children = result.stdout.trim().split('\n')[1] ?? '';
  const cpu = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (total, match) => total + Number(match[1]) * 60 + Number(match[2]),
    0,
  );
  return { wall, cpu };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values: number[]) =>
  `${median(values).toFixed(1)}× (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;

const cases: [string, string[]][] = [
  ['status', site('status', '--content', content)],
  ['status --json', site('status', '--json', '--content', content)],
  ['export (every language)', site('export', '--content', content, '--out', work)],
  [
    'export de --only outdated,missing',
    site(
      'export',
      'de',
      '--only',
      'outdated,missing',
      '--content',
      content,
      '--out',
      path.join(work, 'open'),
    ),
  ],
  [
    'import translations-de.xlf',
    site('import', path.join(work, 'translations-de.xlf'), '--content', content),
  ],
];
run(site('export', '--content', content, '--out', work)); // the file the import reads; warms the compile cache
const units = (readFileSync(path.join(work, 'translations-de.xlf'), 'utf8').match(/<trans-unit /g) ?? [])
  .length;
console.log(`site translations on the real content (${units} texts per language), ${runs} runs each:`);
for (const [name, command] of cases) {
  const cpu: number[] = [];
  const wall: number[] = [];
  const wallMs: number[] = [];
  for (let index = 0; index < runs; index++) {
    const node = run([process.execPath, '-e', '0']);
    const sample = run(command);
    cpu.push(sample.cpu / Math.max(node.cpu, 0.001));
    wall.push(sample.wall / node.wall);
    wallMs.push(sample.wall * 1000);
  }
  console.log(
    `  ${name.padEnd(36)} CPU ${spread(cpu).padEnd(20)} wall ${spread(wall).padEnd(20)} ${median(wallMs).toFixed(0)} ms`,
  );
}
rmSync(work, { recursive: true, force: true });
