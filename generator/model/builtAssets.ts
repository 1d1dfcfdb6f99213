/**
 * What the build makes that pages name: output files, the hashed asset paths, the
 * icons' links and the preview images' paths. The build stages make them
 * (build/assets.ts, build/icons.ts, build/social.ts); templates only read them.
 */
import type { Language } from './languages.ts';
import type { PageId } from './pages.ts';

export interface OutputFile {
  /** Relative to the output folder, with forward slashes: `en/about/index.html`. */
  path: string;
  contents: string | Uint8Array;
}

export interface Assets {
  /** URL path of the stylesheet, e.g. `/assets/site.3f2a9c1b7d.css`. */
  stylesheet: string;
  /** URL paths of the entry scripts by entry name; each is self-contained. */
  scripts: Record<string, string>;
  /** Images by their source name, e.g. `vision.svg`. */
  images: Record<string, ImageAsset>;
  /** Scripts inlined into a page's head, with the CSP hash of each. */
  inlineScripts: Record<string, InlineScript>;
  files: OutputFile[];
}

export interface ImageAsset {
  /** URL path, e.g. `/assets/vision.3f2a9c1b7d.svg`. */
  src: string;
  /** Intrinsic size read from the file, so `<img>` reserves its space before it loads. */
  width: number;
  height: number;
}

export interface InlineScript {
  code: string;
  /** `sha256-…` as a Content-Security-Policy source. */
  cspHash: string;
}

export interface SiteIcons {
  /** Link elements for the head: rel, href, type, sizes. */
  links: { rel: string; href: string; type?: string; sizes?: string }[];
  manifest: string;
  files: OutputFile[];
}

export const socialImageSize = { width: 1200, height: 630 } as const;

export interface SocialImages {
  /** URL path of the preview image of a page in a language. */
  pathOf(page: PageId, language: Language): string;
  files: OutputFile[];
}
