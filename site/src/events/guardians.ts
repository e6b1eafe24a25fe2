// The guardian's address a minor gives per slot (present, even '', once they said they are under 18). A
// shared record rather than props: the fields load on demand and the RSVP calls read it, which keeps the
// event pages within their script budget.
export const guardians: Record<string, string> = {}

/** The consent fields of a slot's RSVP body: none unless the person said they are under 18. */
export const consentFields = (slotId = '') =>
  slotId in guardians ? { under18: true, ...(guardians[slotId]!.trim() ? { guardianEmail: guardians[slotId]!.trim() } : {}) } : {}
