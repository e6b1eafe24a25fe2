// /organize: each organization's blocked addresses (issue 35), a closed <details>; the list and its Unblock buttons
// (./BlockedList) load when an organizer opens it.
import { useState } from 'react'
import type { Organization } from '../src/api/roles'
import { BlockedList } from './LazyPanels'

export function BlockedAddresses({ organization }: { organization: Organization }) {
  const [opened, setOpened] = useState(false)
  return (
    <details
      className="blocked-addresses"
      onToggle={(e) => {
        if (e.currentTarget.open) setOpened(true)
      }}
    >
      <summary>Blocked addresses of {organization.name}</summary>
      {opened ? <BlockedList organization={organization} /> : null}
    </details>
  )
}
