// Issue 23: profiles and event cards link to /follows with what to follow; the page reads it back.
import { describe, expect, it } from 'vitest'
import { followHref, linkTarget } from '../src/api/follows'

describe('Follow links', () => {
  it('round-trip an organization and a cause, spaces and all', () => {
    for (const target of [{ kind: 'organization', target: 'keenstl' }, { kind: 'cause', target: 'civic engagement & more' }] as const) {
      const href = followHref(target)
      expect(href.startsWith('/follows?')).toBe(true)
      expect(linkTarget(href.slice('/follows'.length))).toEqual(target)
    }
  })
  it('name nothing without a parameter', () => {
    expect(linkTarget('')).toBeNull()
    expect(linkTarget('?organization=')).toBeNull()
  })
})
