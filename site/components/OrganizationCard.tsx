import type { Image } from '../src/content/types'
import { useLocalize } from '../src/i18n/useLocalize'
import { CardLogo } from './CardLogo'

/** One card of the civic index: the logo and name, linking to the profile. */
export function OrganizationCard({ org, lazy }: { org: { name: string; link: string; logo: Image }; lazy: boolean }) {
  const local = useLocalize()
  return (
    <li>
      <a className="org-card" href={local(org.link)}>
        <CardLogo image={org.logo} lazy={lazy} />
        <span>{org.name}</span>
      </a>
    </li>
  )
}
