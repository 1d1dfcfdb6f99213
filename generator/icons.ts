/**
 * Favicon, app icons and the web app manifest, drawn from the brand mark in the
 * brand's colour and named from the settings.
 */
import { Resvg } from '@resvg/resvg-js';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AppIcon } from '../templates/logos.tsx';
import type { SiteSettings } from './schema.ts';
import type { OutputFile } from './writer.ts';

export interface SiteIcons {
  /** Link elements for the head: rel, href, type, sizes. */
  links: { rel: string; href: string; type?: string; sizes?: string }[];
  manifest: string;
  files: OutputFile[];
}

const pngSizes = [{ name: 'icon-192.png', size: 192 }, { name: 'icon-512.png', size: 512 }, { name: 'apple-touch-icon.png', size: 180 }, { name: 'favicon-32.png', size: 32 }];

export function buildIcons(site: SiteSettings, description: string): SiteIcons {
  const svg = renderToStaticMarkup(createElement(AppIcon, { colour: site.theme.primary }));
  const pngs = pngSizes.map(({ name, size }) => ({
    path: name,
    contents: new Uint8Array(new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng()),
  }));
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
    files: [{ path: 'favicon.svg', contents: svg }, ...pngs, { path: 'site.webmanifest', contents: `${JSON.stringify(manifest, null, 2)}\n` }],
  };
}
