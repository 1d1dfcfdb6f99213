/**
 * An illustration from `content/images`, at the size read from its file so the
 * page reserves its space before it loads. The alt text comes from the caller's
 * translations.
 */
import type { RequiredImage } from '../generator/model/constants.ts';
import type { PageContext } from './context.ts';

export interface ContentImageProps {
  ctx: PageContext;
  /** File name in `content/images`, one of the images the content stage checks for. */
  name: RequiredImage;
  alt: string;
  className: string;
}

export function ContentImage({ ctx, name, alt, className }: ContentImageProps) {
  const image = ctx.assets.images[name];
  // The content stage has checked that every required image exists.
  if (!image) throw new Error(`Internal: image ${name} was not copied`);
  return <img className={className} src={image.src} alt={alt} width={image.width} height={image.height} />;
}
