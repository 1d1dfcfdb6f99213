/**
 * links: linkinator crawls the site as the preview serves it (host rules applied),
 * from every page. Every internal link, asset, `srcset` entry and `#fragment`
 * resolves, and no internal link passes through a redirect (each costs the visitor a
 * round trip). External URLs are listed, not fetched, unless `--external` asks.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LinkChecker, LinkState, type LinkResult } from 'linkinator';
import { parse } from 'node-html-parser';
import { plural, type CheckContext, type Gate, type Problem } from './types.ts';

/**
 * Links with a `#fragment` whose target has no element with that id. linkinator's own
 * fragment check only sees fragments found before it fetches their page, and every
 * page is a starting point here; so the pages' links are read once more for this.
 * A redirect of the host rules that carries a fragment (`/privacy` to
 * `/condizioni/#privacy-policy`) is checked the same way.
 */
async function brokenFragments({
  dir,
  url,
  pages,
  forwarded,
  oversized,
}: CheckContext): Promise<{ problems: Problem[]; checked: number }> {
  const tooLarge = new Set(oversized.map(({ page }) => page.path));
  const ids = new Map<string, Promise<Set<string> | undefined>>();
  const idsOf = (pagePath: string) => {
    if (!ids.has(pagePath)) {
      ids.set(
        pagePath,
        (async () => {
          const response = await fetch(`${url}${pagePath}`, { redirect: 'manual' });
          const html = await response.text();
          if (response.status !== 200 || !(response.headers.get('content-type') ?? '').includes('html'))
            return undefined;
          return new Set(
            parse(html)
              .querySelectorAll('[id], a[name]')
              .map((element) => element.getAttribute('id') ?? element.getAttribute('name') ?? ''),
          );
        })(),
      );
    }
    return ids.get(pagePath)!;
  };
  const problems: Problem[] = [];
  let checked = 0;
  const check = async (from: string, href: string) => {
    const target = new URL(href, `${url}${from}`);
    const fragment = decodeURIComponent(target.hash.slice(1));
    if (!fragment || target.origin !== url || fragment === 'top' || tooLarge.has(target.pathname)) return;
    checked++;
    const found = await idsOf(target.pathname);
    // A target that is not a page is the broken-link check's to report.
    if (found && !found.has(fragment))
      problems.push({
        severity: 'error',
        page: from,
        message: `broken link ${target.pathname}#${fragment}: fragment not found on the page`,
      });
  };
  for (const page of pages) {
    const document = parse(await readFile(path.join(dir, page.file), 'utf8'));
    const hrefs = new Set(
      document.querySelectorAll('a[href], area[href]').map((element) => element.getAttribute('href')!),
    );
    for (const href of hrefs) await check(page.path, href);
  }
  for (const page of forwarded) {
    const location = (await fetch(`${url}${page.path}`, { redirect: 'manual' })).headers.get('location');
    if (location) await check(page.path, location);
  }
  return { problems, checked };
}

function reasonOf(link: LinkResult): string {
  const details = (link.failureDetails ?? [])
    .map((detail) => (detail instanceof Error ? detail.message : ''))
    .filter(Boolean);
  if (details.some((detail) => detail.startsWith('Fragment identifier')))
    return 'fragment not found on the page';
  if (link.status && link.status >= 300 && link.status < 400)
    return `passes through a redirect (${link.status}): link to where it leads`;
  return link.status ? `answers ${link.status}` : (details[0] ?? 'does not answer');
}

export const gate: Gate = {
  name: 'links',
  description:
    'every internal link, asset, srcset and #fragment resolves without a redirect; external URLs listed',
  async run(context: CheckContext) {
    const { url, pages, publicOrigin, external } = context;
    const tooLarge = new Set(context.oversized.map(({ page }) => page.path));
    const local = (href: string) => href.startsWith(`${url}/`) || href === url;
    const pathOf = (href: string | undefined) => (href && local(href) ? href.slice(url.length) || '/' : href);
    const result = await new LinkChecker().check({
      path: pages.map((page) => `${url}${page.path}`),
      recurse: true,
      concurrency: 8,
      timeout: 20_000,
      checkFragments: false,
      redirects: 'error',
      // Absolute links to the public origin (canonical, hreflang, og:url) are the head gate's.
      // A page too large to check is the budgets gate's; crawling it would fetch it all.
      linksToSkip: async (href) =>
        (publicOrigin !== undefined && href.startsWith(publicOrigin)) ||
        (!external && !local(href)) ||
        (local(href) && tooLarge.has(new URL(href).pathname)),
    });
    const problems: Problem[] = [];
    // linkinator reports each URL once, from the first page it found it on.
    const externalUrls = new Map<string, string | undefined>();
    for (const link of result.links) {
      if (link.state === LinkState.BROKEN) {
        problems.push({
          severity: 'error',
          page: pathOf(link.parent),
          message: `broken link ${pathOf(link.url)}: ${reasonOf(link)}`,
        });
      } else if (
        !local(link.url) &&
        /^https?:/.test(link.url) &&
        !(publicOrigin && link.url.startsWith(publicOrigin))
      ) {
        externalUrls.set(link.url, pathOf(link.parent));
      }
    }
    for (const [href, parent] of [...externalUrls].sort()) {
      problems.push({
        severity: 'info',
        page: parent,
        message: `external link, ${external ? 'answered' : 'not fetched'}: ${href}`,
      });
    }
    const fragments = await brokenFragments(context);
    problems.push(...fragments.problems);
    const internal = result.links.filter((link) => local(link.url)).length;
    return {
      problems,
      checked: result.links.length + fragments.checked,
      summary: `${plural(internal, 'internal URL')} from ${plural(pages.length, 'page')}, ${plural(fragments.checked, 'fragment link')}, ${plural(externalUrls.size, 'external URL')}`,
    };
  },
};
