/**
 * links: linkinator crawls the site as the preview serves it (host rules applied),
 * from every page. Every internal link, asset, `srcset` entry and `#fragment`
 * resolves, and no internal link passes through a redirect (each costs the visitor a
 * round trip). External URLs are listed, not fetched, unless `--external` asks.
 */
import { LinkChecker, LinkState, type LinkResult } from 'linkinator';
import { plural, type CheckContext, type Gate, type Problem } from './types.ts';

function reasonOf(link: LinkResult): string {
  const details = (link.failureDetails ?? []).map((detail) => (detail instanceof Error ? detail.message : '')).filter(Boolean);
  if (details.some((detail) => detail.startsWith('Fragment identifier'))) return 'fragment not found on the page';
  if (link.status && link.status >= 300 && link.status < 400) return `passes through a redirect (${link.status}): link to where it leads`;
  return link.status ? `answers ${link.status}` : details[0] ?? 'does not answer';
}

export const gate: Gate = {
  name: 'links',
  description: 'every internal link, asset, srcset and #fragment resolves without a redirect; external URLs listed',
  async run({ url, pages, publicOrigin, external }: CheckContext) {
    const local = (href: string) => href.startsWith(`${url}/`) || href === url;
    const pathOf = (href: string | undefined) => (href && local(href) ? href.slice(url.length) || '/' : href);
    const result = await new LinkChecker().check({
      path: pages.map((page) => `${url}${page.path}`),
      recurse: true,
      concurrency: 8,
      timeout: 20_000,
      checkFragments: true,
      redirects: 'error',
      // Absolute links to the public origin (canonical, hreflang, og:url) are the head gate's.
      linksToSkip: async (href) => (publicOrigin !== undefined && href.startsWith(publicOrigin)) || (!external && !local(href)),
    });
    const problems: Problem[] = [];
    // linkinator reports each URL once, from the first page it found it on.
    const externalUrls = new Map<string, string | undefined>();
    for (const link of result.links) {
      if (link.state === LinkState.BROKEN) {
        problems.push({ severity: 'error', page: pathOf(link.parent), message: `broken link ${pathOf(link.url)}: ${reasonOf(link)}` });
      } else if (!local(link.url) && /^https?:/.test(link.url) && !(publicOrigin && link.url.startsWith(publicOrigin))) {
        externalUrls.set(link.url, pathOf(link.parent));
      }
    }
    for (const [href, parent] of [...externalUrls].sort()) {
      problems.push({ severity: 'info', page: parent, message: `external link, ${external ? 'answered' : 'not fetched'}: ${href}` });
    }
    const internal = result.links.filter((link) => local(link.url)).length;
    return { problems, checked: result.links.length, summary: `${plural(internal, 'internal link')} from ${plural(pages.length, 'page')}, ${plural(externalUrls.size, 'external URL')}` };
  },
};
