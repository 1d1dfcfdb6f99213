/**
 * Runs the gates of `site check` one after the other on a built folder served by
 * the preview, times each, and decides the verdict. Gates are loaded only when
 * they run, so `--only head` never loads a browser or Java.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { SiteError } from '../errors/siteError.ts';
import { oversizedProblem, splitBySize } from './pageLimits.ts';
import { htmlFiles, publicOriginOf, servedPages, serveSite } from './site.ts';
import {
  gateNames,
  type CheckContext,
  type CheckReport,
  type Gate,
  type GateName,
  type GateOutcome,
  type GateResult,
  type LayoutReportOptions,
} from './types.ts';

export interface CheckOptions {
  dir: string;
  contentDir: string;
  only?: GateName[];
  strict?: boolean;
  external?: boolean;
  /** The layout gate's contact sheet and baseline. */
  layout?: LayoutReportOptions;
  /** Called as each gate finishes, for a report that grows while the check runs. */
  onGate?: (result: GateResult) => void;
}

const gateModules: Record<GateName, () => Promise<{ gate: Gate }>> = {
  content: () => import('./content.ts'),
  links: () => import('./links.ts'),
  html: () => import('./html.ts'),
  i18n: () => import('./i18n.ts'),
  head: () => import('./head.ts'),
  budgets: () => import('./budgets.ts'),
  a11y: () => import('./a11y.ts'),
  privacy: () => import('./privacy.ts'),
  layout: () => import('./layout.ts'),
};

export const loadGate = async (name: GateName): Promise<Gate> => (await gateModules[name]()).gate;

/** A gate fails on an error; under --strict also on a warning or when it was skipped. */
export function gateStatus(
  outcome: Pick<GateResult, 'problems' | 'skipped'>,
  strict: boolean,
): GateResult['status'] {
  const failing = outcome.problems.some(
    (problem) => problem.severity === 'error' || (strict && problem.severity === 'warning'),
  );
  if (failing) return 'failed';
  if (outcome.skipped) return strict ? 'failed' : 'skipped';
  return 'passed';
}

/**
 * The context every gate reads: the folder, its pages as the preview serves them, the content,
 * and a browser launched on first use (the caller closes it with `closeBrowser`).
 */
export async function createCheckContext(
  dir: string,
  url: string,
  contentDir: string,
  external = false,
): Promise<CheckContext & { closeBrowser(): Promise<void> }> {
  // A page too large to open is reported, never fetched, parsed or loaded by a gate.
  const { within, oversized } = await splitBySize(dir, await htmlFiles(dir));
  const { pages, forwarded } = await servedPages(url, within);
  // Loaded on first use, so that a check without the browser gates never loads playwright.
  let launched: Promise<Browser> | undefined;
  const browser = () => (launched ??= import('./browser.ts').then(({ launchChromium }) => launchChromium()));
  const closeBrowser = async () => {
    await launched?.then(
      (started) => started.close(),
      () => {},
    );
  };
  return {
    dir,
    contentDir,
    url,
    pages,
    forwarded,
    oversized,
    publicOrigin: await publicOriginOf(dir),
    external,
    browser,
    closeBrowser,
  };
}

/**
 * One gate's outcome. A gate that throws (a tool that fails on a page no limit caught) is a
 * failure of that gate in one line, and the check goes on: the report and verdict are always printed.
 */
async function runGate(name: GateName, context: CheckContext): Promise<GateOutcome> {
  try {
    return await (await loadGate(name)).run(context);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    return {
      problems: [{ severity: 'error', message: `the ${name} gate stopped before the end: ${message}` }],
      checked: 0,
      summary: 'stopped',
    };
  }
}

export async function runCheck(options: CheckOptions): Promise<CheckReport> {
  const dir = path.resolve(options.dir);
  if (!existsSync(path.join(dir, 'index.html'))) {
    throw new SiteError({
      code: 'CHECK_FAILED',
      message: `Nothing to check: ${options.dir} has no index.html`,
      location: { file: options.dir },
      hint: 'Run `site build` first, or name the built folder with --dir <dir>.',
    });
  }
  const strict = options.strict ?? false;
  const started = performance.now();
  const server = await serveSite(dir);
  const gates: GateResult[] = [];
  let context: Awaited<ReturnType<typeof createCheckContext>> | undefined;
  try {
    context = await createCheckContext(dir, server.url, path.resolve(options.contentDir), options.external);
    context.layout = options.layout;
    const names = gateNames.filter((candidate) => !options.only || options.only.includes(candidate));
    for (const name of names) {
      const gateStarted = performance.now();
      const outcome = await runGate(name, context);
      // The budgets gate reports a page too large to check; without it, the first gate does.
      if (name !== 'budgets' && !names.includes('budgets') && name === names[0])
        outcome.problems.unshift(...context.oversized.map(oversizedProblem));
      const result: GateResult = {
        gate: name,
        ...outcome,
        status: gateStatus(outcome, strict),
        milliseconds: performance.now() - gateStarted,
      };
      gates.push(result);
      options.onGate?.(result);
    }
  } finally {
    try {
      await context?.closeBrowser();
    } finally {
      await server.close();
    }
  }
  return {
    dir,
    strict,
    gates,
    passed: gates.every((gate) => gate.status !== 'failed'),
    milliseconds: performance.now() - started,
  };
}
