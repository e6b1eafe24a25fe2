// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { MSG } from '../src/auth/messages'
import { takeFragmentParam } from '../src/lib/query'
import { json, makeClient } from './helpers'

const SENT = 'If an account uses that email, a link to choose a new password is on its way. It works once, for one hour.'

describe('auth client: password reset', () => {
  it('forgotPassword posts the email as JSON and shows the server sentence', async () => {
    const { client, calls } = makeClient({ 'POST /auth/forgot-password': () => json({ msg: SENT }) })
    expect(await client.forgotPassword('ada@example.org')).toEqual({ ok: true, status: 200, data: { message: SENT } })
    expect(calls[0]).toMatchObject({ url: '/api/auth/forgot-password', method: 'POST', body: { email: 'ada@example.org' } })
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json')
  })

  it('forgotPassword shows the server error sentence, or its own on a network failure', async () => {
    const limited = makeClient({
      'POST /auth/forgot-password': () => json({ error: 'Too many attempts. Please wait a few minutes and try again.' }, 429),
    })
    expect(await limited.client.forgotPassword('ada@example.org')).toEqual({
      ok: false,
      status: 429,
      message: 'Too many attempts. Please wait a few minutes and try again.',
    })
    const offline = makeClient({
      'POST /auth/forgot-password': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    expect(await offline.client.forgotPassword('ada@example.org')).toEqual({ ok: false, status: 0, message: MSG.network })
  })

  it('resetPassword sends the token and the new password', async () => {
    const done = 'Your password has been changed. Please sign in with your new password.'
    const { client, calls } = makeClient({ 'POST /auth/reset-password': () => json({ msg: done }) })
    expect(await client.resetPassword('tok', 'a brand new passphrase')).toEqual({ ok: true, status: 200, data: { message: done } })
    expect(calls[0]?.body).toEqual({ token: 'tok', password: 'a brand new passphrase' })
  })

  it('resetPassword shows why a token or password was refused, with a fallback sentence', async () => {
    const invalid = 'This password reset link is invalid, expired or already used. Please ask for a new one from the sign-in page.'
    const refused = makeClient({ 'POST /auth/reset-password': () => json({ error: invalid }, 400) })
    expect(await refused.client.resetPassword('old', 'a brand new passphrase')).toEqual({ ok: false, status: 400, message: invalid })
    const broken = makeClient({ 'POST /auth/reset-password': () => new Response('oops', { status: 502 }) })
    expect(await broken.client.resetPassword('t', 'a brand new passphrase')).toEqual({ ok: false, status: 502, message: MSG.resetFailed })
  })
})

describe('takeFragmentParam', () => {
  it('reads the token from the fragment and removes the fragment from the address', () => {
    window.history.replaceState(null, '', '/reset-password?x=1#token=abc-123_')
    expect(takeFragmentParam('token')).toBe('abc-123_')
    expect(window.location.hash).toBe('')
    expect(window.location.pathname + window.location.search).toBe('/reset-password?x=1')
  })

  it('is null without the parameter and leaves the address alone', () => {
    window.history.replaceState(null, '', '/reset-password#other=1')
    expect(takeFragmentParam('token')).toBeNull()
    expect(window.location.hash).toBe('#other=1')
  })
})
