import type { Image } from '../src/content/types'
import { Img } from './Img'

const SVG_DATA_URI = 'data:image/svg+xml,'

/**
 * A logo beside the name it stands for, so decorative (hidden from assistive technology). The generator's
 * monograms are SVG data URIs: they are drawn inline, as part of the page, because the browser builds a
 * whole SVG document for every SVG <img> (28 of them on the Civic Index, the first ones while it parses the
 * HTML, before the first paint). The generator writes these itself (content images are files), so the
 * markup is trusted. Other logos stay images.
 */
export function CardLogo({ image, lazy }: { image: Image; lazy: boolean }) {
  if (image.src.startsWith(SVG_DATA_URI)) {
    const svg = decodeURIComponent(image.src.slice(SVG_DATA_URI.length))
    return <span className="card-logo" aria-hidden="true" dangerouslySetInnerHTML={{ __html: svg }} />
  }
  return <Img image={{ ...image, alt: '' }} lazy={lazy} />
}
