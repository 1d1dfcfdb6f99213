/**
 * Stage 6: sitemap.xml with every indexable page and its language alternates
 * (x-default included), and robots.txt naming it. Both come from the route table.
 */
import { SitemapStream, streamToPromise } from 'sitemap';
import { defaultLanguage, languages } from './schema.ts';
import type { RouteTable } from './routes.ts';
import type { OutputFile } from './writer.ts';

export async function buildSitemap(routeTable: RouteTable, origin: string, lastmod: string): Promise<OutputFile[]> {
  const stream = new SitemapStream({ hostname: origin, xslUrl: undefined });
  for (const route of routeTable.routes.filter((candidate) => candidate.indexable)) {
    const alternates = languages.filter((language) => route.alternates[language]);
    stream.write({
      url: route.path,
      lastmod,
      links:
        alternates.length > 1
          ? [
              ...alternates.map((language) => ({ lang: language, hreflang: language, url: `${origin}${route.alternates[language]}` })),
              { lang: 'x-default', hreflang: 'x-default', url: `${origin}${route.alternates[defaultLanguage]}` },
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
