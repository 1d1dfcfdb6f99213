/**
 * Where photos go on the pages, as layout facts: each slot's width on screen at
 * every viewport (the `sizes` the browser reads, and the budget gate too), the
 * widths worth encoding for it, the narrowest source that fills it sharply, and
 * whether it shows on the first screen. The stylesheet gives these boxes their
 * size (client/styles/*.css); a change there belongs here too.
 *
 * Editors never write `sizes`: they name a file and its alt text in the page's
 * texts, at one of the keys below, and the slot follows from the key.
 */

/** One rule of `sizes`: from this viewport width on (none: the rest), the image is this wide. */
export interface SlotWidthRule {
  minViewport?: number;
  /** A CSS length: `432px`, `100vw`, `calc(100vw - 40px)`, `min(480px, calc(100vw - 40px))`. */
  width: string;
}

export interface ImageSlot {
  /** Widest first; the last rule has no `minViewport`. */
  sizes: SlotWidthRule[];
  /** Pixel widths to encode, ascending; those wider than the source are left out. */
  widths: number[];
  /** The slot's widest display width in CSS pixels: a narrower source would be blurred. */
  minimumSourceWidth: number;
  /** On the first screen of a phone and a desktop: loaded at once, and the largest with high priority. */
  firstScreen: boolean;
}

export const imageSlots = {
  /**
   * The hero beside a page's title: the column's width on a phone (the container's 1.25rem
   * padding each side), at most 30rem; beside the text from 768 px, two fifths of the container.
   */
  hero: {
    sizes: [
      { minViewport: 1192, width: '432px' },
      { minViewport: 768, width: 'calc(40vw - 29px)' },
      { width: 'min(480px, calc(100vw - 40px))' },
    ],
    widths: [320, 480, 640, 960],
    minimumSourceWidth: 480,
    firstScreen: true,
  },
  /** A card that spans the container on a phone and a tablet, and half of it from 900 px. */
  card: {
    sizes: [
      { minViewport: 1192, width: '532px' },
      { minViewport: 900, width: 'calc(50vw - 44px)' },
      { width: 'calc(100vw - 40px)' },
    ],
    widths: [360, 540, 720, 1080, 1440],
    minimumSourceWidth: 860,
    firstScreen: false,
  },
} as const satisfies Record<string, ImageSlot>;

export type ImageSlotName = keyof typeof imageSlots;

/** The images the pages show, by the text key that declares them, and the slot each fills. */
export const pageImageSlots = {
  'about.vision.image': 'card',
  'partnership.hero.image': 'hero',
  'coverage.hero.image': 'hero',
} as const satisfies Record<string, ImageSlotName>;

export type PageImageKey = keyof typeof pageImageSlots;

export const pageImageKeys = Object.keys(pageImageSlots) as PageImageKey[];

/** The `sizes` attribute of a slot. */
export function sizesAttribute(slot: ImageSlot): string {
  return slot.sizes
    .map((rule) =>
      rule.minViewport === undefined ? rule.width : `(min-width: ${rule.minViewport}px) ${rule.width}`,
    )
    .join(', ');
}

/**
 * The widths to encode a source for the slots it fills: each slot's widths up to the
 * source's, plus the source's own width when it is narrower than the widest wanted,
 * so the largest screen still gets every pixel there is. Never wider than the source.
 */
export function plannedWidths(sourceWidth: number, slots: readonly ImageSlot[]): number[] {
  const wanted = new Set<number>();
  for (const slot of slots)
    for (const width of slot.widths) wanted.add(width <= sourceWidth ? width : sourceWidth);
  return [...wanted].sort((a, b) => a - b);
}
