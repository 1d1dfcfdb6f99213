/**
 * `npm run bench`: how long a build takes (per step, median of several runs) and
 * how big its output is (pages, the largest page, CSS and script per page type,
 * gzip). Measured here, not asserted in tests.
 */

import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type BuildReport } from '../generator/build.ts';
import { loadContent } from '../generator/content.ts';
import { createRouteTable } from '../generator/routes.ts';
import { createMemoryWriter } from '../generator/writer.ts';
import { scriptsFor } from '../templates/Document.tsx';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const contentDir = path.resolve(import.meta.dirname, '../content');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const reports: BuildReport[] = [];
let files = new Map<string, string | Uint8Array>();
for (let run = 0; run < runs; run++) {
  const writer = createMemoryWriter();
  reports.push(await build({ contentDir, writer }));
  files = writer.files;
}

console.log(`Build time over ${runs} runs (in memory, median):`);
for (const label of reports[0].steps.map((step) => step.label)) {
  console.log(`  ${label.padEnd(32)} ${median(reports.map((report) => report.steps.find((step) => step.label === label)!.milliseconds)).toFixed(0).padStart(6)} ms`);
}
console.log(`  ${'total'.padEnd(32)} ${median(reports.map((report) => report.milliseconds)).toFixed(0).padStart(6)} ms (first run ${reports[0].milliseconds.toFixed(0)} ms)`);

const text = (file: string) => {
  const contents = files.get(file)!;
  return typeof contents === 'string' ? contents : Buffer.from(contents).toString('utf8');
};
const gzip = (file: string) => gzipSync(files.get(file)!).length;
const content = await loadContent(contentDir);
const routes = createRouteTable({ languages: content.languages, slugs: content.slugs }).routes;
const pages = routes.map((route) => ({ route, bytes: Buffer.byteLength(text(route.file)) }));
const largest = pages.reduce((a, b) => (b.bytes > a.bytes ? b : a));
const total = [...files.values()].reduce((sum, contents) => sum + (typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength), 0);
console.log(`\nOutput: ${pages.length} pages, ${files.size} files, ${kb(total)}`);
console.log(`  largest page: ${largest.route.path} ${kb(largest.bytes)} (${kb(gzipSync(text(largest.route.file)).length)} gzip)`);

const home = text('index.html');
const stylesheet = /href="\/(assets\/site\.[0-9a-f]+\.css)"/.exec(home)![1];
console.log(`  stylesheet: ${kb(files.get(stylesheet)!.length)} (${kb(gzip(stylesheet))} gzip)`);
const inline = /<script>([^<]*)<\/script>/.exec(home)?.[1] ?? '';
console.log('  script per page type (gzip):');
for (const page of [...new Set(routes.map((route) => route.page))]) {
  const html = text(routes.find((route) => route.page === page)!.file);
  const sources = [...html.matchAll(/<script type="module" src="\/([^"]+)"/g)].map((match) => match[1]);
  const bytes = sources.reduce((sum, source) => sum + gzip(source), 0) + (page === 'home' ? gzipSync(inline).length : 0);
  console.log(`    ${page.padEnd(16)} ${kb(bytes)}  ${scriptsFor(page).join(' + ')}${page === 'home' ? ' + inline first-visit (on / only)' : ''}`);
}
