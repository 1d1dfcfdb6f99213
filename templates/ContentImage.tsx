/**
 * An illustration from `content/images`, at the size read from its file so the
 * page reserves its space before it loads. The alt text comes from the caller's
 * translations.
 */
import type { PageContext } from './context.ts';

export interface ContentImageProps {
  ctx: PageContext;
  /** File name in `content/images`, e.g. `vision.svg`. */
  name: string;
  alt: string;
  className: string;
}

export function ContentImage({ ctx, name, alt, className }: ContentImageProps) {
  const image = ctx.assets.images[name];
  if (!image) throw new Error(`the image content/images/${name} is missing`);
  return <img className={className} src={image.src} alt={alt} width={image.width} height={image.height} />;
}
