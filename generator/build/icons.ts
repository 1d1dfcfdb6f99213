/**
 * Favicon, app icons and the web app manifest, drawn from the brand mark in the
 * brand's colour (drawn by the render stage, the one that runs templates) and
 * named from the settings.
 */
import { imageCacheKey, type ImageCache } from './imageCache.ts';
import type { SiteSettings } from '../content/schemas/siteSchema.ts';
import { drawingLibraryVersions, loadRasteriser } from './social.ts';
import type { SiteIcons } from '../model/builtAssets.ts';

const pngSizes = [
  { name: 'icon-192.png', size: 192 },
  { name: 'icon-512.png', size: 512 },
  { name: 'apple-touch-icon.png', size: 180 },
  { name: 'favicon-32.png', size: 32 },
];

export async function buildIcons(
  site: SiteSettings,
  description: string,
  cache: ImageCache,
  /** The brand mark as the render stage draws it from its template (renderAppIcon). */
  svg: string,
): Promise<SiteIcons> {
  // The SVG is the whole drawing (mark, colour); with the size and resvg's version it decides every pixel.
  const { resvg } = drawingLibraryVersions();
  const icons = pngSizes.map(({ name, size }) => {
    // The mark has no text: resvg need not scan the system's fonts.
    const raster = { fitTo: { mode: 'width' as const, value: size }, font: { loadSystemFonts: false } };
    return { name, raster, key: imageCacheKey({ kind: 'icon', svg, raster, resvg }) };
  });
  const cached = await Promise.all(icons.map((icon) => cache.get(icon.key)));
  const drawn = cached.includes(undefined) ? await drawMissing(svg, icons, cached, cache) : [];
  const pngs = icons.map((icon, index) => ({ path: icon.name, contents: cached[index] ?? drawn[index]! }));
  const manifest = {
    name: site.brand,
    short_name: site.brand,
    description,
    start_url: '/',
    scope: '/',
    display: 'browser',
    theme_color: site.theme.primary,
    background_color: site.theme.background,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
  return {
    links: [
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      { rel: 'icon', href: '/favicon-32.png', type: 'image/png', sizes: '32x32' },
      { rel: 'apple-touch-icon', href: '/apple-touch-icon.png', sizes: '180x180' },
    ],
    manifest: '/site.webmanifest',
    files: [
      { path: 'favicon.svg', contents: svg },
      ...pngs,
      { path: 'site.webmanifest', contents: `${JSON.stringify(manifest, null, 2)}\n` },
    ],
  };
}

async function drawMissing(
  svg: string,
  icons: { raster: object; key: string }[],
  cached: (Uint8Array | undefined)[],
  cache: ImageCache,
): Promise<(Uint8Array | undefined)[]> {
  const renderAsync = loadRasteriser();
  return Promise.all(
    icons.map(async (icon, index) => {
      if (cached[index]) return undefined;
      const png = new Uint8Array((await renderAsync(svg, icon.raster)).asPng());
      await cache.put(icon.key, png);
      return png;
    }),
  );
}
