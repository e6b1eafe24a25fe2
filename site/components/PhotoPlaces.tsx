import type { Organization } from '../src/content/types'
import { Img, TWO_COLUMN_SIZES } from './Img'

type Panel = Organization['panels'][number]

/**
 * A profile's two photo places: the partner's photos, and for each photo not given a panel of large type on the
 * organization's colour (the generator picks a text colour that reads on it). A panel repeats the name or tagline
 * the page already says, so screen readers skip it.
 */
export function PhotoPlaces({ org }: { org: Organization }) {
  const panels = org.panels.map((panel) => <PhotoPanel key={panel.shows} panel={panel} org={org} />)
  if (org.photos.length === 0) return <div className="section photos">{panels}</div>
  return (
    <section className="section photos" aria-label="Photos">
      {org.photos.map((photo) => <Img key={photo.src} image={photo} lazy sizes={TWO_COLUMN_SIZES} />)}
      {panels}
    </section>
  )
}

function PhotoPanel({ panel, org }: { panel: Panel; org: Organization }) {
  return (
    <div
      className="photo-panel"
      style={{ background: panel.background, color: panel.color }}
      aria-hidden="true"
    >
      {panel.shows === 'name' ? <p className="photo-panel-name">{org.name}</p> : <p className="photo-panel-tagline">{org.tagline}</p>}
    </div>
  )
}
