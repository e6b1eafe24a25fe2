import type { Image } from '../src/content/types'

/**
 * An image from the content, always with its intrinsic width and height (no layout shift). A photo
 * comes with WebP variants (srcset) and a JPEG fallback (src); `sizes` tells the browser how wide it
 * is drawn so it fetches the smallest variant that is sharp enough.
 */
export function Img({ image, lazy = false, className, sizes }: { image: Image; lazy?: boolean; className?: string; sizes?: string }) {
  const img = (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
      className={className}
    />
  )
  if (!image.srcset) return img
  return (
    <picture>
      <source type="image/webp" srcSet={image.srcset} sizes={sizes ?? '100vw'} />
      {img}
    </picture>
  )
}

/** How wide a photo in a two-column grid is drawn: half the 1120px page from 640px up, else the full width. */
export const TWO_COLUMN_SIZES = '(min-width: 640px) min(50vw, 560px), 100vw'

/** A gallery has two columns at every width, within the 1120px page. */
export const GALLERY_SIZES = '(min-width: 1120px) 560px, 50vw'
