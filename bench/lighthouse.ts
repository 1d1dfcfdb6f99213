/**
 * `npm run bench`, second part: Lighthouse with its default mobile settings
 * (a 412 × 823 phone, simulated slow 4G and a 4× slower CPU) in Debian's
 * Chromium, on one page of every page type in every language, built from the
 * real content and served by the preview server on 127.0.0.1. Prints the four
 * category scores with LCP, CLS, TBT and the bytes transferred, names each
 * page's largest contentful paint element, writes the tables to bench/results.md (this
 * bench's section) and everything to bench/results/lighthouse.json (git-ignored).
 *
 * Nothing reaches the internet: Chromium runs with a proxy that answers nothing
 * (127.0.0.1 bypasses proxies), and every request a page made is checked to be
 * the preview server's; a page that asked another origin fails the bench.
 *
 * LIGHTHOUSE_PAGES=home,contact and LIGHTHOUSE_LANGUAGES=en narrow the run.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from '../generator/build/pipeline.ts';
import { loadContent } from '../generator/content/load.ts';
import { startPreviewServer } from '../generator/preview/previewServer.ts';
import { routeTableOf, type PageId } from '../generator/model/routeTable.ts';
import { createDirectoryWriter } from '../generator/build/writer.ts';
import { machineLine, markdownTable, writeResultsSection } from './resultsFile.ts';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const contentDir = path.resolve(import.meta.dirname, '../content');
const resultsFile = path.resolve(import.meta.dirname, 'results/lighthouse.json');
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const listFromEnv = (name: string) =>
  process.env[name]
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const onlyPages = listFromEnv('LIGHTHOUSE_PAGES');
const onlyLanguages = listFromEnv('LIGHTHOUSE_LANGUAGES');
const loadAtStart = os.loadavg();

interface Target {
  page: PageId;
  language: string;
  path: string;
}

/**
 * One page of each type in each language. The privacy forward is left out (it only
 * forwards); the cookie policy exists in Italian only; the not-found page is
 * reached through an unknown path, so it answers 404 as visitors get it.
 */
async function targets(): Promise<Target[]> {
  const content = await loadContent(contentDir);
  const routeTable = routeTableOf(content);
  const list: Target[] = [];
  for (const route of routeTable.routes) {
    if (route.page === 'privacyRedirect' || route.legalSection) continue;
    if (list.some((target) => target.page === route.page && target.language === route.language)) continue;
    const unknownPath = route.language === 'it' ? '/pagina-inesistente/' : `/${route.language}/no-such-page/`;
    list.push({
      page: route.page,
      language: route.language,
      path: route.page === 'notFound' ? unknownPath : route.path,
    });
  }
  return list.filter(
    (target) =>
      (!onlyPages || onlyPages.includes(target.page)) &&
      (!onlyLanguages || onlyLanguages.includes(target.language)),
  );
}

interface PageResult extends Target {
  scores: Record<(typeof categories)[number], number | null>;
  largestContentfulPaintMs: number;
  cumulativeLayoutShift: number;
  totalBlockingTimeMs: number;
  transferredBytes: number;
  requests: number;
  externalRequests: string[];
  /** Lighthouse's measure of this machine's CPU speed at the time (higher is faster); a busy machine inflates TBT. */
  benchmarkIndex: number;
  largestContentfulPaintElement: string | undefined;
  failedAudits: string[];
}

type AuditDetails = {
  type?: string;
  items?: {
    node?: { snippet?: string; selector?: string };
    url?: string;
    items?: { node?: { snippet?: string; selector?: string } }[];
  }[];
};

function lcpElementOf(details: AuditDetails | undefined): string | undefined {
  // Lighthouse 12: a list whose first table holds the element.
  const table = details?.type === 'list' ? (details.items?.[0] as AuditDetails | undefined) : details;
  const node = table?.items?.[0]?.node;
  return node ? `${node.selector ?? ''} ${node.snippet ?? ''}`.trim() : undefined;
}

async function main() {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'site-lighthouse-'));
  const outDir = path.join(workDir, 'dist');
  await build({ contentDir, writer: createDirectoryWriter(outDir) });
  const server = await startPreviewServer({ dir: outDir, port: 0 });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--proxy-server=http://127.0.0.1:9',
      '--disable-quic',
    ],
  });
  const results: PageResult[] = [];
  let version = '';
  try {
    const measured = await targets();
    // One run first, not counted: the first runs after Chromium starts measured a colder browser
    // (CPU index about 1200-1500 against 2100-2400 after) and cost the first page type FCP points.
    await lighthouse(`${server.url}${measured[0].path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableFullPageScreenshot: true,
    });
    for (const target of measured) {
      const url = `${server.url}${target.path}`;
      const runner = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
        // The not-found page answers 404 on purpose.
        ignoreStatusCode: target.page === 'notFound',
        // The full-page screenshot stretches the viewport over the whole page, which would
        // bring lazy frames (the maps) into view that a visitor has not scrolled to.
        disableFullPageScreenshot: true,
      });
      if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = runner;
      if (lhr.runtimeError)
        throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      version = lhr.lighthouseVersion;
      const audit = (id: string) => lhr.audits[id];
      const requestUrls = ((audit('network-requests')?.details as AuditDetails | undefined)?.items ?? []).map(
        (item) => item.url ?? '',
      );
      const failedAudits = Object.values(lhr.categories)
        .flatMap((category) => category.auditRefs)
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((entry) => entry.score !== null && entry.score < 1)
        .map((entry) => `${entry.id} (${entry.score})`);
      const result: PageResult = {
        ...target,
        scores: Object.fromEntries(
          categories.map((id) => [
            id,
            lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score! * 100),
          ]),
        ) as PageResult['scores'],
        largestContentfulPaintMs: Math.round(audit('largest-contentful-paint')?.numericValue ?? NaN),
        cumulativeLayoutShift: audit('cumulative-layout-shift')?.numericValue ?? NaN,
        totalBlockingTimeMs: Math.round(audit('total-blocking-time')?.numericValue ?? NaN),
        transferredBytes: audit('total-byte-weight')?.numericValue ?? NaN,
        requests: requestUrls.length,
        benchmarkIndex: lhr.environment.benchmarkIndex,
        externalRequests: requestUrls.filter(
          (request) => !request.startsWith(server.url) && !request.startsWith('data:'),
        ),
        largestContentfulPaintElement: lcpElementOf(
          audit('largest-contentful-paint-element')?.details as AuditDetails | undefined,
        ),
        failedAudits,
      };
      results.push(result);
      console.error(`  ${target.language} ${target.page.padEnd(14)} ${target.path}`);
    }
  } finally {
    chrome.kill();
    await server.close();
    await rm(workDir, { recursive: true, force: true });
  }

  const header = [
    'page',
    'lang',
    'perf',
    'a11y',
    'bp',
    'seo',
    'LCP ms',
    'CLS',
    'TBT ms',
    'KB',
    'requests',
    'external',
    'CPU index',
  ];
  /** A page's row, the same on the console and in bench/results.md. */
  const cellsOf = (result: (typeof results)[number]): (string | number)[] => [
    result.page,
    result.language,
    result.scores.performance ?? '-',
    result.scores.accessibility ?? '-',
    result.scores['best-practices'] ?? '-',
    result.scores.seo ?? '-',
    result.largestContentfulPaintMs,
    result.cumulativeLayoutShift.toFixed(3),
    result.totalBlockingTimeMs,
    (result.transferredBytes / 1024).toFixed(1),
    result.requests,
    result.externalRequests.length,
    Math.round(result.benchmarkIndex),
  ];
  const widths = [14, 4, 4, 4, 4, 4, 7, 6, 6, 6, 8, 8, 9];
  const row = (cells: (string | number)[]) =>
    cells
      .map((cell, index) =>
        index < 2 ? String(cell).padEnd(widths[index]) : String(cell).padStart(widths[index]),
      )
      .join('  ');
  const load = os.loadavg()[0];
  console.log(
    `\nLighthouse ${version} (mobile, simulated slow 4G), ${results.length} pages; load average ${load.toFixed(1)} on ${os.cpus().length} cores (a busy machine inflates TBT, and with it performance):`,
  );
  console.log(row(header));
  for (const result of results) console.log(row(cellsOf(result)));
  console.log('\nLargest contentful paint element per page type (first language measured):');
  for (const page of [...new Set(results.map((result) => result.page))]) {
    const first = results.find((result) => result.page === page)!;
    console.log(`  ${page.padEnd(14)} ${first.largestContentfulPaintElement ?? '(none)'}`);
  }
  const below = results.filter((result) => categories.some((id) => result.scores[id] !== 100));
  if (below.length > 0) {
    console.log('\nBelow 100, with the audits that cost points:');
    for (const result of below)
      console.log(
        `  ${result.language} ${result.page}: ${result.failedAudits.join(', ') || '(no weighted audit failed)'}`,
      );
  }
  await mkdir(path.dirname(resultsFile), { recursive: true });
  await writeFile(
    resultsFile,
    `${JSON.stringify({ lighthouse: version, formFactor: 'mobile', measuredAt: new Date().toISOString(), loadAverage: load, cores: os.cpus().length, pages: results }, null, 2)}\n`,
  );
  console.log(`\nJSON: ${path.relative(process.cwd(), resultsFile)}`);

  const narrowed =
    onlyPages || onlyLanguages ? ' (narrowed by LIGHTHOUSE_PAGES or LIGHTHOUSE_LANGUAGES)' : '';
  await writeResultsSection(
    'lighthouse',
    [
      '## Lighthouse (`bench/lighthouse.ts`)',
      `Measured ${machineLine(loadAtStart)} Lighthouse ${version}, mobile (412 × 823, simulated slow 4G, 4× CPU slowdown), ${results.length} pages${narrowed}. A busy machine inflates TBT, and with it the performance score: compare the CPU index.`,
      markdownTable(header, results.map(cellsOf)),
      'Largest contentful paint element per page type (first language measured):',
      markdownTable(
        ['page type', 'element'],
        [...new Set(results.map((result) => result.page))].map((page) => [
          page,
          `\`${(results.find((result) => result.page === page)!.largestContentfulPaintElement ?? '(none)').replaceAll('`', "'").replaceAll('|', '\\|')}\``,
        ]),
      ),
      below.length > 0
        ? [
            'Below 100, with the audits that cost points:',
            ...below.map(
              (result) =>
                `- ${result.language} ${result.page}: ${result.failedAudits.join(', ') || '(no weighted audit failed)'}`,
            ),
          ].join('\n\n')
        : 'Every page scored 100 in all four categories.',
    ].join('\n\n'),
  );

  const external = results.filter((result) => result.externalRequests.length > 0);
  if (external.length > 0) {
    for (const result of external)
      console.error(`  ${result.path} requested another origin: ${result.externalRequests.join(', ')}`);
    throw new Error('A page requested another origin before consent');
  }
}

await main();
