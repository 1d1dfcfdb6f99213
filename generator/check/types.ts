/**
 * What every gate of `site check` shares: the site it checks and the result it
 * returns. A gate is a module that takes a CheckContext and returns problems; the
 * runner times it, the report prints it.
 */
import type { Browser } from 'playwright-core';

/** The gates in the order they run: the content's own facts first, the fast file checks, the browser last. */
export const gateNames = [
  'content',
  'links',
  'html',
  'i18n',
  'head',
  'budgets',
  'a11y',
  'privacy',
  'layout',
] as const;
export type GateName = (typeof gateNames)[number];

/**
 * error: the site is not fit to publish. warning: someone should look (an outdated
 * translation); fails only under --strict. info: listed for the record (external URLs).
 */
export type Severity = 'error' | 'warning' | 'info';

export interface Problem {
  severity: Severity;
  /** The URL path of the page (`/en/about/`) or the content file the problem is in. */
  page?: string;
  message: string;
}

export interface GateOutcome {
  problems: Problem[];
  /** How many things the gate looked at (pages, links, keys), for the totals. */
  checked: number;
  /** What was checked, in words: "57 pages", "1,204 links". */
  summary: string;
  /** Set when a tool the gate needs is missing: "install Java 17 …". */
  skipped?: string;
}

export interface GateResult extends GateOutcome {
  gate: GateName;
  status: 'passed' | 'failed' | 'skipped';
  milliseconds: number;
}

export interface CheckReport {
  dir: string;
  strict: boolean;
  gates: GateResult[];
  passed: boolean;
  milliseconds: number;
}

/** A page as the preview serves it. */
export interface SitePage {
  /** URL path: `/en/about/`, `/404.html`. */
  path: string;
  /** The file relative to the checked folder: `en/about/index.html`. */
  file: string;
}

export interface CheckContext {
  /** The built folder, absolute. */
  dir: string;
  /** The content folder the site was built from (texts and their git history). */
  contentDir: string;
  /** Where the preview serves `dir`: `http://127.0.0.1:PORT`. */
  url: string;
  /** Every HTML file the preview serves with 200 at its own path. */
  pages: SitePage[];
  /** HTML files the host rules forward elsewhere (`/privacy/`): served as a redirect, not as a page. */
  forwarded: SitePage[];
  /** HTML files over the size a page may have (pageLimits.ts): in neither list above, no gate reads them; the budgets gate reports them. */
  oversized: { page: SitePage; bytes: number }[];
  /** The public origin of the canonical URLs (`https://www.example.com`), if the home page names one. */
  publicOrigin?: string;
  /** Fetch external URLs instead of only listing them. */
  external: boolean;
  /**
   * The check's one Chromium, launched when a gate first asks for it and closed when the
   * check ends: the browser gates share it instead of each starting its own.
   */
  browser(): Promise<Browser>;
  /** Where the layout gate writes its contact sheet and keeps the accepted screenshots. */
  layout?: LayoutReportOptions;
}

export interface LayoutReportOptions {
  /** The contact sheet's folder; none: no screenshots. */
  reportDir?: string;
  /** The accepted screenshots, compared with the new ones. */
  baselineDir: string;
  /** Keep this run's screenshots as the accepted ones. */
  accept: boolean;
}

export interface Gate {
  name: GateName;
  /** One line for --help and the README: what the gate proves. */
  description: string;
  run(context: CheckContext): Promise<GateOutcome>;
}

export const plural = (count: number, word: string, words = `${word}s`) =>
  `${count.toLocaleString('en')} ${count === 1 ? word : words}`;
