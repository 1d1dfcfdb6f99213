/**
 * The built folder as the gates see it: served by the preview server (host rules
 * applied) and listed page by page. The only module of the check that knows the
 * preview server, so the gates depend on a URL, not on how the preview is built.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { startPreviewServer } from '../preview/previewServer.ts';
import type { SitePage } from './types.ts';

export interface ServedSite {
  url: string;
  close(): Promise<void>;
}

/** Serves `dir` on a free port of 127.0.0.1 with the rules the hosts get. */
export function serveSite(dir: string): Promise<ServedSite> {
  return startPreviewServer({ dir, host: '127.0.0.1', port: 0 });
}

/** `en/about/index.html` is served at `/en/about/`; `404.html` at `/404.html`. */
export function pagePathOf(file: string): string {
  return file === 'index.html'
    ? '/'
    : file.endsWith('/index.html')
      ? `/${file.slice(0, -'index.html'.length)}`
      : `/${file}`;
}

/** Every HTML file of the folder, sorted by path. */
export async function htmlFiles(dir: string): Promise<SitePage[]> {
  const files = await fg('**/*.html', { cwd: dir, onlyFiles: true, dot: false });
  return files.sort().map((file) => ({ file, path: pagePathOf(file) }));
}

/**
 * Splits the HTML files into the pages the preview serves at their own path and the
 * ones its host rules forward elsewhere (a redirect answers before the file).
 */
export async function servedPages(
  url: string,
  files: SitePage[],
): Promise<{ pages: SitePage[]; forwarded: SitePage[] }> {
  const pages: SitePage[] = [];
  const forwarded: SitePage[] = [];
  for (const page of files) {
    const response = await fetch(`${url}${page.path}`, { redirect: 'manual' });
    await response.arrayBuffer();
    (response.status >= 300 && response.status < 400 ? forwarded : pages).push(page);
  }
  return { pages, forwarded };
}

/** The origin of the home page's canonical URL: the site's public address. */
export async function publicOriginOf(dir: string): Promise<string | undefined> {
  const home = await readFile(path.join(dir, 'index.html'), 'utf8').catch(() => '');
  const href = /<link[^>]*rel="canonical"[^>]*href="([^"]+)"/i.exec(home)?.[1];
  try {
    return href ? new URL(href).origin : undefined;
  } catch {
    return undefined;
  }
}
