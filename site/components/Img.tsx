import type { Image } from '../src/content/types'

/** An image from the content, always with its intrinsic width and height (no layout shift). */
export function Img({ image, lazy = false, className }: { image: Image; lazy?: boolean; className?: string }) {
  return (
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
}
