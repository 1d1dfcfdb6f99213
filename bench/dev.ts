/**
 * `npm run bench` (after bench/build.ts): how long `site dev` takes from the
 * moment a file is saved to the moment the reload (or stylesheet) event reaches a
 * listening tab, median of 10 edits each for a text, the stylesheet and a
 * template, as milliseconds and as a ratio to a bare `node -e 0` started in the
 * same run. The dev server runs in this process over a private copy of the
 * project (content, client, templates, generator; node_modules linked), so the
 * edits never touch the working tree. Then the click-to-edit panel in Chromium:
 * Alt+click to open panel, and Save to the reloaded page, medians of as many edits.
 * The table goes to bench/results.md (this bench's section), the raw figures to
 * bench/results/dev.json (git-ignored).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from '../generator/check/browser.ts';
import { copyProject, devStatus, listen, type EventListener } from '../tests/helpers/dev.ts';
import { machineLine, markdownTable, writeResultsSection } from './resultsFile.ts';

const edits = Number(process.env.BENCH_DEV_EDITS ?? 10);
const loadAtStart = os.loadavg();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Wall times of a bare `node -e 0`: five before the edits and five after, so a load that changes meanwhile shows in both. */
const bareNodeTimes: number[] = [];
function timeBareNode() {
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    execFileSync(process.execPath, ['-e', '0']);
    bareNodeTimes.push(performance.now() - started);
  }
}
timeBareNode();

const workDir = await mkdtemp(path.join(os.tmpdir(), 'site-bench-dev-'));
const copyRoot = await copyProject(workDir);
// As the CLI runs it: React in production mode (set before React loads).
process.env.NODE_ENV ??= 'production';
const { startDevServer } = await import('../generator/dev/devServer.ts');
const contentDir = path.join(copyRoot, 'content');
const clientDir = path.join(copyRoot, 'client');
const templateFile = path.join(copyRoot, 'templates/Footer.tsx');
const template = await readFile(templateFile, 'utf8');

const dev = await startDevServer({
  projectRoot: copyRoot,
  contentDir,
  clientDir,
  port: 0,
  log: () => {},
  logError: (line) => console.error(line),
});
const channel: EventListener = await listen(dev.url);

/** Waits until the server is idle, so each edit is measured on its own. */
async function settled() {
  for (;;) {
    const status = await devStatus(dev.url);
    if (!status.busy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Save-to-event times of `edits` saves; `save(n)` writes the n-th version of the file. */
async function measure(eventType: string, save: (n: number) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let n = 1; n <= edits; n++) {
    await settled();
    // As an editor saves: not within chokidar's 50 ms of the last save's event, which only the
    // watcher's second look, 110 ms on, would pick up.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const from = channel.events.length;
    await save(n);
    const saved = performance.now();
    await channel.next((event) => event.type === eventType, from);
    times.push(performance.now() - saved);
  }
  console.log(
    `  ${eventType} after ${edits} saves: median ${median(times).toFixed(0)} ms (${times.map((time) => time.toFixed(0)).join(', ')})`,
  );
  return times;
}

const textFile = path.join(contentDir, 'texts/en/about.yaml');
const text = await readFile(textFile, 'utf8');
const stylesFile = path.join(clientDir, 'styles.css');
const styles = await readFile(stylesFile, 'utf8');

/**
 * The editor in Chromium: from an Alt+click on the page's heading to the open
 * panel (timed in the page, up to the dialog opening), and from Save to the
 * reloaded page (its DOMContentLoaded), for `edits` edits of the heading's English text.
 */
async function measureEditor(): Promise<{ open: number[]; saveToReload: number[] }> {
  const browser = await launchChromium();
  const open: number[] = [];
  const saveToReload: number[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${dev.url}/en/about/`);
    for (let n = 1; n <= edits; n++) {
      await settled();
      await page.waitForFunction(() => document.querySelector('site-editor') !== null);
      open.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const root = document.querySelector('site-editor')!.shadowRoot!;
              const dialog = root.querySelector('dialog')!;
              const started = performance.now();
              new MutationObserver((_, observer) => {
                if (!dialog.open) return;
                observer.disconnect();
                resolve(performance.now() - started);
              }).observe(dialog, { attributes: true, attributeFilter: ['open'] });
              document
                .querySelector('h1')!
                .dispatchEvent(new MouseEvent('click', { altKey: true, bubbles: true, cancelable: true }));
            }),
        ),
      );
      const textarea = page.locator('site-editor dialog textarea[lang="en"]');
      await textarea.fill(`About us, edit ${n}`);
      const savedAt = await page.evaluate(() => {
        const at = performance.timeOrigin + performance.now();
        const save = document
          .querySelector('site-editor')!
          .shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!;
        save.click();
        return at;
      });
      await page.waitForFunction(
        (text) => document.querySelector('h1')?.textContent === text && document.readyState !== 'loading',
        `About us, edit ${n}`,
      );
      saveToReload.push(
        await page.evaluate((at) => {
          const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          return performance.timeOrigin + navigation.domContentLoadedEventEnd - at;
        }, savedAt),
      );
    }
  } finally {
    await browser.close();
  }
  console.log(
    `  editor panel open: median ${median(open).toFixed(0)} ms; Save to reloaded page: median ${median(saveToReload).toFixed(0)} ms`,
  );
  return { open, saveToReload };
}

const results: Record<string, number[]> = {};
const editorResults: Record<string, number[]> = {};
try {
  results.text = await measure('reload', (n) =>
    writeFile(textFile, text.replace(/^(\s+title: )About us$/m, `$1About us ${n}`)),
  );
  results.stylesheet = await measure('styles', (n) =>
    writeFile(stylesFile, `${styles}\n:root { --bench-edit: ${n}px; }\n`),
  );
  results.template = await measure('reload', (n) =>
    writeFile(
      templateFile,
      template.replace('className="site-footer"', `className="site-footer bench-${n}"`),
    ),
  );
  const editor = await measureEditor();
  editorResults['editor: Alt+click to open panel'] = editor.open;
  editorResults['editor: Save to reloaded page'] = editor.saveToReload;
} finally {
  channel.close();
  await dev.close();
  await rm(workDir, { recursive: true, force: true });
}

timeBareNode();
const node = median(bareNodeTimes);
const load = os
  .loadavg()
  .map((value) => value.toFixed(1))
  .join(', ');
console.log(
  `\nsite dev, save to reload event (median of ${edits} edits; node -e 0 = ${node.toFixed(0)} ms, median of ${bareNodeTimes.length}; load average ${load}):`,
);
console.log(
  `  first build                      ${((dev.firstBuildMilliseconds ?? NaN) / 1000).toFixed(2).padStart(6)} s`,
);
for (const [kind, times] of Object.entries({ ...results, ...editorResults })) {
  const value = median(times);
  console.log(
    `  ${kind.padEnd(32)} ${value.toFixed(0).padStart(6)} ms  (${(value / node).toFixed(1)} × node -e 0; min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`,
  );
}

const resultsDir = path.join(import.meta.dirname, 'results');
await mkdir(resultsDir, { recursive: true });
await writeFile(
  path.join(resultsDir, 'dev.json'),
  JSON.stringify(
    {
      edits,
      bareNodeMilliseconds: node,
      loadAverage: os.loadavg(),
      firstBuildMilliseconds: dev.firstBuildMilliseconds,
      saveToEventMilliseconds: results,
      editorMilliseconds: editorResults,
    },
    null,
    2,
  ),
);

const editNames: Record<string, string> = {
  text: 'a text (`texts/en/about.yaml`)',
  stylesheet: 'the stylesheet',
  template: 'a template (`Footer.tsx`)',
};
await writeResultsSection(
  'dev',
  [
    '## `site dev`: from a save to the reload (`bench/dev.ts`)',
    `Measured ${machineLine(loadAtStart)}`,
    `Median of ${edits} saves each; \`node -e 0\` took ${node.toFixed(0)} ms (median of ${bareNodeTimes.length}). First build ${((dev.firstBuildMilliseconds ?? NaN) / 1000).toFixed(2)} s.`,
    markdownTable(
      ['edit', 'median', '× `node -e 0`', 'min–max'],
      Object.entries({ ...results, ...editorResults }).map(([kind, times]) => [
        editNames[kind] ?? kind,
        `${median(times).toFixed(0)} ms`,
        `${(median(times) / node).toFixed(1)}×`,
        `${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)} ms`,
      ]),
    ),
  ].join('\n\n'),
);
