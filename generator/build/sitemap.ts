/**
 * Stage 6: sitemap.xml with every indexable page and its language alternates
 * (x-default included), and robots.txt naming it. Both come from the route table;
 * each page's lastmod is the date its content last changed, gathered by the build
 * (contentDates.ts) as plain data, so this stage reads no file.
 */
import type { RouteTable } from '../model/routeTable.ts';
import type { OutputFile } from '../model/builtAssets.ts';

/** @param lastModified page path to `YYYY-MM-DD`; a page without a date gets no lastmod. */
export async function buildSitemap(
  routeTable: RouteTable,
  origin: string,
  lastModified: Record<string, string>,
): Promise<OutputFile[]> {
  // Loaded here: a build whose result cache holds this sitemap never loads it.
  const { SitemapStream, streamToPromise } = await import('sitemap');
  const { codes, default: defaultLanguage } = routeTable.languages;
  const stream = new SitemapStream({ hostname: origin, xslUrl: undefined, lastmodDateOnly: true });
  for (const route of routeTable.routes.filter((candidate) => candidate.indexable)) {
    const alternates = codes.filter((language) => route.alternates[language]);
    stream.write({
      url: route.path,
      lastmod: lastModified[route.path],
      links:
        alternates.length > 1
          ? [
              ...alternates.map((language) => ({
                lang: language,
                hreflang: language,
                url: `${origin}${route.alternates[language]}`,
              })),
              {
                lang: 'x-default',
                hreflang: 'x-default',
                url: `${origin}${route.alternates[defaultLanguage]}`,
              },
            ]
          : [],
    });
  }
  stream.end();
  const xml = (await streamToPromise(stream)).toString();
  const robots = `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
  return [
    { path: 'sitemap.xml', contents: xml },
    { path: 'robots.txt', contents: robots },
  ];
}
