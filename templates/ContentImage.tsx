/**
 * An image the content names for a page (its texts' `image: { file, alt }`): a
 * photo as a `<picture>` with AVIF and WebP sources and its own format as the
 * fallback, every width the build encoded, and `sizes` from the slot's layout; an
 * SVG as a plain `<img>`. Width and height reserve its space before it loads. An
 * image on the first screen loads at once with high priority; one further down
 * loads when the reader comes near it.
 */
import {
  imageSlots,
  pageImageSlots,
  sizesAttribute,
  type PageImageKey,
} from '../generator/model/imageSlots.ts';
import type { PageContext } from './context.ts';

export interface ContentImageProps {
  ctx: PageContext;
  /** The text key that names the image, e.g. `about.vision.image`. */
  image: PageImageKey;
  /** Given to the picture (or the SVG's img): the box the stylesheet sizes. */
  className: string;
}

export function ContentImage({ ctx, image, className }: ContentImageProps) {
  const declaration = ctx.content.images[image];
  const asset = ctx.assets.images[declaration.file];
  // The images step has processed every image the content names, or failed the build.
  if (!asset) throw new Error(`Internal: image ${declaration.file} was not processed`);
  const alt = declaration.decorative ? '' : ctx.t(`${image}.alt`);
  const slot = imageSlots[pageImageSlots[image]];
  const loading = slot.firstScreen
    ? ({ fetchPriority: 'high' } as const)
    : ({ loading: 'lazy', decoding: 'async' } as const);
  if (!asset.sources)
    return (
      <img
        className={className}
        src={asset.src}
        alt={alt}
        width={asset.width}
        height={asset.height}
        {...loading}
      />
    );
  const sizes = sizesAttribute(slot);
  return (
    <picture className={className}>
      {asset.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={asset.src}
        srcSet={asset.srcset}
        sizes={sizes}
        alt={alt}
        width={asset.width}
        height={asset.height}
        {...loading}
      />
    </picture>
  );
}
