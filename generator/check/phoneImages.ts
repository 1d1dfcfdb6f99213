/**
 * Which image file a phone downloads for each `<img>` of a page, as a browser
 * chooses: inside a `<picture>`, the first `<source>` of a type it reads (a
 * current phone reads AVIF, WebP, JPEG and PNG) without a `media` it fails; from a
 * `srcset` with widths, the narrowest candidate at least as wide as the slot
 * (`sizes` at the phone's width) times the screen's density, else the widest; with
 * density descriptors, the densest up to the screen's; else `src`. Lazy images
 * count too: a reader who scrolls down loads them.
 */
import type { HTMLElement } from 'node-html-parser';

/** The phone the budget is measured for: 390 CSS pixels wide (a current iPhone), three device pixels to one. */
export const budgetPhone = { width: 390, density: 3 } as const;

const remPixels = 16;

/** Splits at a separator outside parentheses. */
function splitTopLevel(text: string, separator: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (character === '(') depth++;
    else if (character === ')') depth--;
    else if (depth === 0) {
      const match = separator.exec(text.slice(index));
      if (match && match.index === 0) {
        parts.push(text.slice(start, index));
        index += match[0].length - 1;
        start = index + 1;
      }
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim());
}

/** A CSS length at a viewport width, in CSS pixels: px, vw, rem, em, calc(), min(), max(); undefined for anything else. */
export function cssLength(expression: string, viewport: number): number | undefined {
  const terms = splitTopLevel(expression.trim(), /^\s[+-]\s/);
  if (terms.length > 1) {
    // Signs sit between the terms; read them back from the expression's top level.
    const signs = [...expression.trim().matchAll(/\s([+-])\s/g)].map((match) => match[1]);
    let total = 0;
    for (const [index, term] of terms.entries()) {
      const value = cssLength(term, viewport);
      if (value === undefined) return undefined;
      total += index === 0 || signs[index - 1] === '+' ? value : -value;
    }
    return total;
  }
  const call = /^(calc|min|max)\((.*)\)$/s.exec(expression.trim());
  if (call) {
    if (call[1] === 'calc') return cssLength(call[2], viewport);
    const values = splitTopLevel(call[2], /^,/).map((argument) => cssLength(argument, viewport));
    if (values.some((value) => value === undefined)) return undefined;
    return (call[1] === 'min' ? Math.min : Math.max)(...(values as number[]));
  }
  const unit = /^(-?\d*\.?\d+)(px|vw|rem|em)$/.exec(expression.trim());
  if (!unit) return undefined;
  const number = Number(unit[1]);
  return unit[2] === 'px' ? number : unit[2] === 'vw' ? (number * viewport) / 100 : number * remPixels;
}

function mediaMatches(condition: string, viewport: number): boolean {
  return condition.split(/\s+and\s+/).every((part) => {
    const match = /^\(\s*(min|max)-width\s*:\s*(.+?)\s*\)$/.exec(part.trim());
    if (!match) return false;
    const limit = cssLength(match[2], viewport);
    if (limit === undefined) return false;
    return match[1] === 'min' ? viewport >= limit : viewport <= limit;
  });
}

/** The slot width `sizes` gives at a viewport width; the viewport's width without `sizes`. */
export function slotWidth(sizes: string | undefined, viewport: number): number {
  if (!sizes) return viewport;
  for (const entry of splitTopLevel(sizes, /^,/)) {
    const media = /^(\(.*\))\s+([^()\s].*|(?:calc|min|max)\(.*\))$/s.exec(entry);
    if (media) {
      if (mediaMatches(media[1], viewport)) return cssLength(media[2], viewport) ?? viewport;
    } else return cssLength(entry, viewport) ?? viewport;
  }
  return viewport;
}

interface Candidate {
  url: string;
  width?: number;
  density?: number;
}

function parseSrcset(srcset: string): Candidate[] {
  return srcset
    .split(/,\s+/)
    .map((entry) => entry.trim().split(/\s+/))
    .filter(([url]) => url)
    .map(([url, descriptor]) => {
      const width = /^(\d+)w$/.exec(descriptor ?? '');
      const density = /^(\d*\.?\d+)x$/.exec(descriptor ?? '');
      return {
        url,
        width: width ? Number(width[1]) : undefined,
        density: density ? Number(density[1]) : descriptor ? undefined : 1,
      };
    });
}

/** The URL a browser on `phone` fetches from a `srcset` (and `sizes`). */
export function chooseCandidate(
  srcset: string,
  sizes: string | undefined,
  phone = budgetPhone,
): string | undefined {
  const candidates = parseSrcset(srcset);
  if (candidates.length === 0) return undefined;
  const byWidth = candidates.filter((candidate) => candidate.width !== undefined);
  if (byWidth.length > 0) {
    const wanted = slotWidth(sizes, phone.width) * phone.density;
    const sorted = byWidth.sort((a, b) => a.width! - b.width!);
    return (sorted.find((candidate) => candidate.width! >= wanted) ?? sorted.at(-1)!).url;
  }
  const sorted = candidates.sort((a, b) => (a.density ?? 1) - (b.density ?? 1));
  return ([...sorted].reverse().find((candidate) => (candidate.density ?? 1) <= phone.density) ?? sorted[0])
    .url;
}

const readableTypes = new Set([
  'image/avif',
  'image/webp',
  'image/jpeg',
  'image/png',
  'image/svg+xml',
  'image/gif',
]);

/** The URL the phone fetches for one `<img>`; undefined when it has none. */
export function phoneImageUrl(image: HTMLElement, phone = budgetPhone): string | undefined {
  const picture = image.parentNode as HTMLElement | null;
  if (picture?.tagName === 'PICTURE') {
    for (const source of picture.querySelectorAll('source')) {
      const type = source.getAttribute('type');
      const media = source.getAttribute('media');
      if (type && !readableTypes.has(type)) continue;
      if (media && !mediaMatches(media, phone.width)) continue;
      const srcset = source.getAttribute('srcset');
      if (srcset) return chooseCandidate(srcset, source.getAttribute('sizes'), phone);
    }
  }
  const srcset = image.getAttribute('srcset');
  if (srcset) return chooseCandidate(srcset, image.getAttribute('sizes'), phone);
  return image.getAttribute('src') || undefined;
}
