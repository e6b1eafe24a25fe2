// The public record's table: the kind of service, and who attests each entry, how and when.
import { describe, expect, it } from 'vitest'
import { UNNAMED_ATTESTER, attestedBy, serviceLabel, type RecordEntry } from '../src/api/hoursRecord'

const entry: RecordEntry = {
  title: 'Tiny Workshop',
  organization: 'KEEN St. Louis',
  date: '2025-05-01',
  date_text: 'May 1, 2025',
  hours: 1,
  time: '6:00-7:00 PM',
  start: '2025-05-01T18:00:00-05:00',
  end: '2025-05-01T19:00:00-05:00',
  service_type: 'food_security',
  attestation: {
    method: 'check-in',
    name: 'Kim Park',
    role: 'Organizer',
    organization: 'KEEN St. Louis',
    email: 'volunteers@keenstlouis.org',
    at: '2025-05-01T18:10:00-05:00',
  },
}

describe('hours record entries', () => {
  it('names the kind of service in words, and "Other" when a record predates it', () => {
    expect(serviceLabel('food_security')).toBe('Food security')
    expect(serviceLabel('tutoring')).toBe('Tutoring')
    expect(serviceLabel(null)).toBe('Other')
  })
  it('says who attests, their role, organization and address, and the check-in time of the place', () => {
    // The event's wall clock, whatever zone the reader's browser is in (tests run in UTC).
    expect(attestedBy(entry)).toBe('Kim Park, Organizer, KEEN St. Louis, volunteers@keenstlouis.org; by check-in at 6:10 PM')
  })
  it('leaves out an address the organization never gave', () => {
    const attestation = { ...entry.attestation!, email: null, at: '2025-04-27T09:05:00-05:00' }
    expect(attestedBy({ ...entry, attestation })).toBe('Kim Park, Organizer, KEEN St. Louis; by check-in at 9:05 AM')
  })
  it('says plainly when an entry was recorded before attesters were', () => {
    expect(attestedBy({ ...entry, attestation: null })).toBe(UNNAMED_ATTESTER)
    const { time, start, end, service_type, attestation, ...old } = entry
    void [time, start, end, service_type, attestation]
    expect(attestedBy(old)).toBe(UNNAMED_ATTESTER)
  })
})
