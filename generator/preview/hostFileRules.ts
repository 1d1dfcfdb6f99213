/**
 * The preview's reading of the generated `_redirects` and `_headers`, matched as
 * Netlify matches them, so what an editor previews is what the host serves.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { escapeRegExp, withoutSlash } from '../hosting/rules.ts';
import { fixedHostingRules } from '../hosting/index.ts';

export interface RedirectRule {
  /** Only on this host (lower case), for `https://host/path` sources. */
  host?: string;
  /** The source as written, without the host: `/legal/:section`, `/en/*`. */
  from: string;
  /** The source as a regular expression: `*` is the rest of the path, `:name` one segment. */
  pattern: RegExp;
  to: string;
  status: number;
  /** `!`: applies even where a file exists. */
  force: boolean;
}

export interface HeaderRule {
  pattern: string;
  splat: boolean;
  headers: [string, string][];
}

/**
 * Netlify's matching: a trailing `*` takes the rest of the path, `:name` exactly one
 * segment, and a path matches with or without its trailing slash.
 */
export function sourcePattern(from: string): RegExp {
  const body = withoutSlash(from)
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
    .join('');
  return new RegExp(`^${body}/?$`);
}

export function parseRedirects(text: string): RedirectRule[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [source, to, rawStatus = '301'] = line.split(/\s+/);
      let from = source;
      let host: string | undefined;
      if (/^https?:\/\//.test(source)) {
        const url = new URL(source);
        host = url.hostname;
        from = url.pathname;
      }
      return {
        host,
        from,
        pattern: sourcePattern(from),
        to,
        status: Number.parseInt(rawStatus, 10),
        force: rawStatus.endsWith('!'),
      };
    });
}

export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const splat = line.trim().endsWith('*');
      rules.push({ pattern: splat ? line.trim().slice(0, -1) : line.trim(), splat, headers: [] });
    } else {
      const separator = line.indexOf(':');
      rules.at(-1)?.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()]);
    }
  }
  return rules;
}

/** Whether a redirect rule applies to a request for this path on this host. */
export function ruleMatches(rule: RedirectRule, host: string, urlPath: string): boolean {
  if (rule.host && rule.host !== host) return false;
  return rule.pattern.test(urlPath);
}

/** The rules of a served folder: its redirects, and the headers of any path. */
export interface SiteRules {
  redirects: RedirectRule[];
  headersFor(urlPath: string): Record<string, string>;
}

/** The files the preview reads its rules from. */
export const ruleFiles = ['_redirects', '_headers'] as const;

/** Reads the folder's `_redirects` and `_headers`; a folder without them gets the fixed rules only. */
export async function readSiteRules(root: string): Promise<SiteRules> {
  const readRules = async (name: (typeof ruleFiles)[number]) =>
    readFile(path.join(root, name), 'utf8').catch(() => '');
  const redirects = parseRedirects(await readRules('_redirects'));
  const headerRules = parseHeaders(await readRules('_headers'));
  return {
    redirects,
    headersFor: (urlPath) => {
      const matched = Object.fromEntries(
        headerRules
          .filter((rule) => (rule.splat ? urlPath.startsWith(rule.pattern) : urlPath === rule.pattern))
          .flatMap((rule) => rule.headers),
      );
      return { 'Cache-Control': fixedHostingRules.caching.html, ...matched };
    },
  };
}
