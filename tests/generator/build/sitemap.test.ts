/** The sitemap, written from the route table and each page's date. */
import { describe, expect, it } from 'vitest';
import { buildSitemap } from '../../../generator/build/sitemap.ts';
import { realOrigin, realRouteTable } from '../../helpers/routeTable.ts';

const origin = realOrigin;
const routeTable = realRouteTable;

describe('sitemap lastmod', () => {
  it('is written from plain data: a page without a date gets no lastmod', async () => {
    const dated = routeTable.pathOf('about', 'en');
    const [sitemap] = await buildSitemap(routeTable, origin, { [dated]: '2025-02-03' });
    const xml = String(sitemap.contents);
    expect(xml).toContain(`<loc>${origin}${dated}</loc><lastmod>2025-02-03</lastmod>`);
    expect(xml).not.toContain(`<loc>${origin}/de/</loc><lastmod>`);
  });
});
