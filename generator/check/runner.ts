/**
 * Runs the gates of `site check` one after the other on a built folder served by
 * the preview, times each, and decides the verdict. Gates are loaded only when
 * they run, so `--only head` never loads a browser or Java.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { SiteError } from '../errors/siteError.ts';
import { htmlFiles, publicOriginOf, servedPages, serveSite } from './site.ts';
import {
  gateNames,
  type CheckContext,
  type CheckReport,
  type Gate,
  type GateName,
  type GateResult,
} from './types.ts';

export interface CheckOptions {
  dir: string;
  contentDir: string;
  only?: GateName[];
  strict?: boolean;
  external?: boolean;
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
  const { pages, forwarded } = await servedPages(url, await htmlFiles(dir));
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
    publicOrigin: await publicOriginOf(dir),
    external,
    browser,
    closeBrowser,
  };
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
    for (const name of gateNames.filter((candidate) => !options.only || options.only.includes(candidate))) {
      const gateStarted = performance.now();
      const outcome = await (await loadGate(name)).run(context);
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
