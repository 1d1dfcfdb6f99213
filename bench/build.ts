/**
 * `npm run bench`: what a build costs and what it weighs, measured, never asserted.
 *
 * Every time is a ratio to a bare `node -e 0` started in the same run, each
 * measured run paired with its own `node -e 0`, so a busy or a fast machine gives
 * comparable figures. CPU time (user + system of the process and its children) is
 * the headline; wall time is shown beside it. Medians, with the spread (min–max).
 *
 *  (a) `site build` as a new process: nothing changed since the last build; one text edit; a real build
 *      with a warm image cache; `--no-cache`; empty caches
 *  (b) the build's own steps (median of the times the CLI prints)
 *  (c) `site --version` and `site --help` against `node -e 0`; the first start after a source change
 *  (d) scale: 1, 10 and 100 times the content (bench/syntheticContent.ts)
 *  (e) bytes per page type: HTML, CSS and script, raw, gzip and brotli
 *
 * The tables go to bench/results.md (committed, this bench's section), the raw figures to
 * bench/results/build.json (git-ignored).
 *
 *   npm run bench                       # or: node --import tsx bench/build.ts
 *   BENCH_RUNS=7 node --import tsx bench/build.ts --root /path/to/other/checkout --skip-scale
 *   node --import tsx bench/build.ts --parts de --scale-runs 1
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { isScalar, parseDocument, visit, type YAMLMap } from 'yaml';
import { loadContent } from '../generator/content/load.ts';
import { routeTableOf } from '../generator/model/routeTable.ts';
import { machineLine, markdownTable, writeResultsSection } from './resultsFile.ts';
import { writeSyntheticContent } from './syntheticContent.ts';

const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};
const runs = Number(argument('--runs') ?? process.env.BENCH_RUNS ?? 5);
const scaleRuns = Number(argument('--scale-runs') ?? Math.max(1, Math.ceil(runs / 2)));
const root = path.resolve(argument('--root') ?? path.join(import.meta.dirname, '..'));
const resultsFile = path.resolve(
  argument('--results') ?? path.join(import.meta.dirname, 'results/build.json'),
);
/** Which parts to run, e.g. `--parts ade`; (b) reads the runs of (a). */
const parts = argument('--parts') ?? 'abcde';
const skipScale = process.argv.includes('--skip-scale') || !parts.includes('d');
const site = path.join(root, 'bin/site.js');
const imageCacheDir = path.join(root, 'node_modules/.cache/site/images');
const cliCacheDir = path.join(root, 'node_modules/.cache/site/cli');
/** The records of the last build into each folder: without them every build is a real one. */
const buildRecordDir = path.join(root, 'node_modules/.cache/site/builds');
const forgetLastBuild = () => rmSync(buildRecordDir, { recursive: true, force: true });
const work = mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));
const loadAtStart = os.loadavg();

interface Sample {
  wall: number;
  cpu: number;
  stdout: string;
}

/** One run of a command: wall and CPU seconds (bash's `times` gives the children's user and system time). */
function run(command: string[], cwd = root): Sample {
  const stdoutFile = path.join(work, 'stdout');
  const started = performance.now();
  const result = spawnSync(
    'bash',
    ['-c', '"$@" >"$STDOUT_FILE" 2>&1; code=$?; times; exit $code', 'bench', ...command],
    {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, STDOUT_FILE: stdoutFile, NO_COLOR: '1' },
    },
  );
  const wall = (performance.now() - started) / 1000;
  const stdout = readFileSync(stdoutFile, 'utf8');
  if (result.status !== 0)
    throw new Error(`${command.join(' ')} failed (${result.status}):\n${stdout}\n${result.stderr}`);
  const children = result.stdout.trim().split('\n')[1] ?? '';
  const cpu = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (total, match) => total + Number(match[1]) * 60 + Number(match[2]),
    0,
  );
  return { wall, cpu, stdout };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

interface Figure {
  runs: number;
  /** CPU time as a ratio to `node -e 0`: median, min, max. */
  cpuRatio: { median: number; min: number; max: number };
  wallRatio: { median: number; min: number; max: number };
  /** Absolute medians, seconds, for reference. */
  cpuSeconds: number;
  wallSeconds: number;
  nodeCpuSeconds: number;
  nodeWallSeconds: number;
  steps?: Record<string, number>;
}

/** `count` runs of a command, each paired with a `node -e 0` started just before it. */
function paired(command: string[], count: number, before?: () => void, cwd = root): Figure {
  const samples: { node: Sample; command: Sample }[] = [];
  for (let index = 0; index < count; index++) {
    before?.();
    const node = run([process.execPath, '-e', '0'], cwd);
    samples.push({ node, command: run(command, cwd) });
  }
  const ratios = (of: 'cpu' | 'wall') => {
    const values = samples.map((sample) => sample.command[of] / Math.max(sample.node[of], 0.001));
    return {
      median: round(median(values)),
      min: round(Math.min(...values)),
      max: round(Math.max(...values)),
    };
  };
  const stepRuns = samples.map((sample) =>
    Object.fromEntries(
      [...sample.command.stdout.matchAll(/^ {2}(\S.*?)\s+(\d+) ms$/gm)].map((match) => [
        match[1],
        Number(match[2]),
      ]),
    ),
  );
  const labels = [...new Set(stepRuns.flatMap((steps) => Object.keys(steps)))];
  return {
    runs: count,
    cpuRatio: ratios('cpu'),
    wallRatio: ratios('wall'),
    cpuSeconds: round(median(samples.map((sample) => sample.command.cpu)), 3),
    wallSeconds: round(median(samples.map((sample) => sample.command.wall)), 3),
    nodeCpuSeconds: round(median(samples.map((sample) => sample.node.cpu)), 3),
    nodeWallSeconds: round(median(samples.map((sample) => sample.node.wall)), 3),
    ...(labels.length > 0
      ? {
          steps: Object.fromEntries(
            labels.map((label) => [label, median(stepRuns.map((steps) => steps[label] ?? 0))]),
          ),
        }
      : {}),
  };
}

const show = (label: string, figure: Figure) =>
  console.log(
    `  ${label.padEnd(44)} ${`${figure.cpuRatio.median}×`.padStart(7)} (${figure.cpuRatio.min}–${figure.cpuRatio.max})  wall ${`${figure.wallRatio.median}×`.padStart(6)} (${figure.wallRatio.min}–${figure.wallRatio.max})  ${figure.cpuSeconds.toFixed(2)} s CPU`,
  );

const hasCache = run([process.execPath, site, 'build', '--help']).stdout.includes('--no-cache');
const out = path.join(work, 'dist');
const buildCommand = (contentDir = path.join(root, 'content'), extra: string[] = []) => [
  process.execPath,
  site,
  'build',
  '--content',
  contentDir,
  '--out',
  out,
  ...extra,
];

console.log(
  `Bench of ${root}: ${runs} runs each, ratios to node -e 0 (CPU, median and min–max), ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
/**
 * A copy of the content whose English about-page body text gets one more word before each
 * run, built into a folder of its own that holds the previous run's build.
 */
const textEditBuild = (() => {
  const contentDir = path.join(work, 'content-edited');
  const outDir = path.join(work, 'dist-edited');
  const editedFile = path.join(contentDir, 'texts/en/about.yaml');
  let edits = 0;
  return {
    command: [process.execPath, site, 'build', '--content', contentDir, '--out', outDir],
    edit() {
      if (edits === 0) {
        cpSync(path.join(root, 'content'), contentDir, { recursive: true });
        run([process.execPath, site, 'build', '--content', contentDir, '--out', outDir]);
      }
      edits += 1;
      const document = parseDocument(readFileSync(editedFile, 'utf8'));
      // A text of the page's body: its title and description (`meta`) are drawn into its preview image too.
      const body = (document.contents as YAMLMap).items.find(
        (pair) => isScalar(pair.key) && pair.key.value !== 'meta',
      );
      visit(body!.value as YAMLMap, {
        Scalar(_, scalar) {
          if (typeof scalar.value !== 'string' || !/\s/.test(scalar.value)) return;
          scalar.value = `${scalar.value} ${edits % 2 ? 'Edited.' : 'Again.'}`;
          return visit.BREAK;
        },
      });
      writeFileSync(editedFile, document.toString());
    },
  };
})();

run(buildCommand()); // compiles the CLI if its sources changed, and fills the image cache
let unchanged: Figure | undefined;
let textEdit: Figure | undefined;
let warm: Figure | undefined;
let noCache: Figure | undefined;
let emptyCache: Figure | undefined;
if (parts.includes('a')) {
  console.log('(a) site build as a new process');
  unchanged = hasCache ? paired(buildCommand(), runs) : undefined;
  if (unchanged) show('nothing changed since the last build', unchanged);
  // One text edit since the last build: the pages that read the file are rendered, the others reused.
  textEdit = hasCache ? paired(textEditBuild.command, runs, textEditBuild.edit) : undefined;
  if (textEdit) show('one text edit since the last build', textEdit);
  // Without the record of the last build: what any change to the content or the code costs.
  warm = paired(buildCommand(), runs, forgetLastBuild);
  show(hasCache ? 'a real build, warm image cache' : 'build (no cache exists)', warm);
  noCache = hasCache ? paired(buildCommand(undefined, ['--no-cache']), runs) : undefined;
  if (noCache) show('--no-cache', noCache);
  emptyCache = hasCache
    ? paired(buildCommand(), runs, () => {
        rmSync(imageCacheDir, { recursive: true, force: true });
        forgetLastBuild();
      })
    : undefined;
  if (emptyCache) show('empty caches (first build)', emptyCache);

  console.log('(b) steps, median ms (warm cache' + (noCache ? ' | --no-cache' : '') + ')');
  for (const [label, milliseconds] of Object.entries(warm.steps ?? {})) {
    console.log(
      `  ${label.padEnd(36)} ${String(milliseconds).padStart(6)}${noCache?.steps ? ` | ${String(noCache.steps[label] ?? '').padStart(6)}` : ''}`,
    );
  }
}

let version: Figure | undefined;
let help: Figure | undefined;
let firstStart: Figure | undefined;
if (parts.includes('c')) {
  console.log('(c) start-up');
  version = paired([process.execPath, site, '--version'], runs);
  show('site --version', version);
  help = paired([process.execPath, site, '--help'], runs);
  show('site --help', help);
  firstStart = existsSync(path.join(root, 'bin/compile.js'))
    ? paired([process.execPath, site, '--version'], Math.min(runs, 3), () =>
        rmSync(cliCacheDir, { recursive: true, force: true }),
      )
    : undefined;
  if (firstStart) show('site --version after a source change (compiles)', firstStart);
}

let scale: { factor: number; figure: Figure; growth: number }[] = [];
if (!skipScale) {
  console.log(`(d) scale: synthetic content, ${scaleRuns} runs each${hasCache ? ', warm image cache' : ''}`);
  for (const factor of [1, 10, 100]) {
    const contentDir = path.join(work, `content-${factor}x`);
    await writeSyntheticContent(path.join(root, 'content'), contentDir, factor);
    run(buildCommand(contentDir));
    const figure = paired(buildCommand(contentDir), scaleRuns, forgetLastBuild);
    scale.push({ factor, figure, growth: 0 });
  }
  scale = scale.map((entry) => ({
    ...entry,
    growth: round(entry.figure.cpuSeconds / scale[0].figure.cpuSeconds, 2),
  }));
  for (const entry of scale)
    show(`${entry.factor}× content (${entry.growth}× the 1× CPU time)`, entry.figure);
  const [one, ten, hundred] = scale.map((entry) => entry.figure.cpuSeconds);
  // Linear growth: the cost per added content is the same from 10× to 100× as from 1× to 10×.
  console.log(
    `  cost of each further 1× of content: ${(((ten - one) / 9) * 1000).toFixed(0)} ms (1→10×), ${(((hundred - ten) / 90) * 1000).toFixed(0)} ms (10→100×)`,
  );
}

console.log('(e) bytes per page type (raw / gzip / brotli)');
run(buildCommand());
// Bytes do not depend on the machine: always measured.
const read = (file: string) => readFileSync(path.join(out, file));
const sizes = (bytes: Buffer) => ({
  raw: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes).length,
});
const format = ({ raw, gzip, brotli }: { raw: number; gzip: number; brotli: number }) =>
  `${(raw / 1024).toFixed(1)} / ${(gzip / 1024).toFixed(1)} / ${(brotli / 1024).toFixed(1)} KB`;
const content = await loadContent(path.join(root, 'content'));
const routes = routeTableOf(content).routes;
const pageTypes: Record<
  string,
  {
    example: string;
    html: ReturnType<typeof sizes>;
    css: ReturnType<typeof sizes>;
    script: ReturnType<typeof sizes>;
  }
> = {};
for (const page of [...new Set(routes.map((route) => route.page))]) {
  const route = routes.find((candidate) => candidate.page === page)!;
  const htmlBytes = read(route.file);
  const html = htmlBytes.toString('utf8');
  const css = Buffer.concat(
    [...html.matchAll(/<link rel="stylesheet" href="\/([^"]+)"/g)].map((match) => read(match[1])),
  );
  const script = Buffer.concat([
    ...[...html.matchAll(/<script type="module" src="\/([^"]+)"/g)].map((match) => read(match[1])),
    ...[...html.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => Buffer.from(match[1])),
  ]);
  pageTypes[page] = { example: route.path, html: sizes(htmlBytes), css: sizes(css), script: sizes(script) };
  console.log(
    `  ${page.padEnd(16)} html ${format(pageTypes[page].html).padEnd(24)} css ${format(pageTypes[page].css).padEnd(22)} script ${format(pageTypes[page].script)}`,
  );
}

mkdirSync(path.dirname(resultsFile), { recursive: true });
writeFileSync(
  resultsFile,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      root,
      machine: {
        cores: os.cpus().length,
        cpu: os.cpus()[0]?.model,
        node: process.version,
        loadAverage: os.loadavg(),
      },
      runs,
      build: { nothingChanged: unchanged, textEdit, warmCache: warm, noCache, emptyCache },
      startup: { version, help, firstStartAfterSourceChange: firstStart },
      scale: scale.map(({ factor, figure, growth }) => ({ factor, growth, ...figure })),
      bytesPerPageType: pageTypes,
    },
    null,
    2,
  )}\n`,
);
console.log(`Results: ${path.relative(process.cwd(), resultsFile)}`);

/** The tables a reader compares, in bench/results.md (only for the real checkout: `--root` measures another). */
if (!argument('--root')) {
  const ratioCells = (figure: Figure) => [
    `${figure.cpuRatio.median}× (${figure.cpuRatio.min}–${figure.cpuRatio.max})`,
    `${figure.wallRatio.median}×`,
    `${figure.cpuSeconds.toFixed(2)} s`,
  ];
  const measures: [string, Figure | undefined][] = [
    ['nothing changed since the last build', unchanged],
    ['one text edit, then `site build`', textEdit],
    ['`site build`, warm image cache (a full build)', warm],
    ['`site build --no-cache` (draws every image)', noCache],
    ['emptied caches (a first build)', emptyCache],
    ['`site --version`', version],
    ['`site --help`', help],
    ['`site --version` after a source change (compiles)', firstStart],
  ];
  const measured = measures.filter((entry): entry is [string, Figure] => entry[1] !== undefined);
  const nodeCpu = measured[0]?.[1].nodeCpuSeconds;
  const sections = [`## Build (\`bench/build.ts\`)`, `Measured ${machineLine(loadAtStart)}`];
  if (measured.length > 0)
    sections.push(
      `Median of ${runs} runs; \`node -e 0\` took ${nodeCpu} s CPU.`,
      markdownTable(
        ['measure', '× `node -e 0`, CPU (min–max)', 'wall', 'CPU'],
        measured.map(([label, figure]) => [label, ...ratioCells(figure)]),
      ),
    );
  if (warm?.steps)
    sections.push(
      "The build's own steps, median ms:",
      markdownTable(
        ['step', 'warm image cache', '`--no-cache`'],
        Object.entries(warm.steps).map(([label, milliseconds]) => [
          label,
          milliseconds,
          noCache?.steps?.[label] ?? '',
        ]),
      ),
    );
  if (scale.length > 0) {
    const [one, ten, hundred] = scale.map((entry) => entry.figure.cpuSeconds);
    sections.push(
      `Scale: the content with 10 and 100 times the countries, legal sections, FAQ entries, tariff rows and numbers (\`bench/syntheticContent.ts\`), ${scaleRuns} runs each, warm image cache:`,
      markdownTable(
        ['content', 'CPU', '× the real content'],
        scale.map(({ factor, figure, growth }) => [
          `${factor}×`,
          `${figure.cpuSeconds.toFixed(2)} s`,
          growth,
        ]),
      ),
      `Cost of each further 1× of content: ${(((ten - one) / 9) * 1000).toFixed(0)} ms from 1× to 10×, ${(((hundred - ten) / 90) * 1000).toFixed(0)} ms from 10× to 100×.`,
    );
  }
  const kilobytes = ({ raw, gzip, brotli }: { raw: number; gzip: number; brotli: number }) =>
    [raw, gzip, brotli].map((bytes) => (bytes / 1024).toFixed(1)).join(' / ');
  sections.push(
    'Bytes per page type, KB raw / gzip / brotli (the script column includes inlined scripts):',
    markdownTable(
      ['page type', 'example', 'HTML', 'CSS', 'script'],
      Object.entries(pageTypes).map(([page, entry]) => [
        page,
        `\`${entry.example}\``,
        kilobytes(entry.html),
        kilobytes(entry.css),
        kilobytes(entry.script),
      ]),
    ),
  );
  await writeResultsSection('build', sections.join('\n\n'));
}
rmSync(work, { recursive: true, force: true });
