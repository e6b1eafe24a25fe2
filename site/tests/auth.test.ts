import { describe, expect, it } from 'vitest'
import { AUTH_KEY, USER_KEY } from '../src/auth/client'
import { MSG } from '../src/auth/messages'
import { readSiteConfig } from '../src/auth/siteConfig'
import { USER, json, makeClient, offlineApi, publicApi } from './helpers'

describe('auth client: start-up', () => {
  it('with a stored user: refreshes, fetches the current user and mirrors it', async () => {
    const { client, storage, calls } = makeClient({
      'POST /auth/refresh': () => json({ accessToken: 'tok1' }),
      'GET /auth/me': (c) => (c.headers.get('x-auth-token') === 'tok1' ? json(USER) : json({}, 401)),
    })
    storage.setItem(USER_KEY, JSON.stringify({ ...USER, name: 'Old' }))
    storage.setItem(AUTH_KEY, 'true')
    await client.init()
    const s = client.getState()
    expect(s.loading).toBe(false)
    expect(s.isAuthenticated).toBe(true)
    expect(s.user?.name).toBe(USER.name)
    expect(JSON.parse(storage.getItem(USER_KEY)!).name).toBe(USER.name)
    expect(storage.getItem(AUTH_KEY)).toBe('true')
    expect(calls[0]).toMatchObject({ url: '/api/auth/refresh', method: 'POST', credentials: 'include' })
    expect(client.getAccessToken()).toBe('tok1')
  })

  it('a refused refresh clears the user and the stored data', async () => {
    const { client, storage } = makeClient({ 'POST /auth/refresh': () => json({}, 401) })
    storage.setItem(USER_KEY, JSON.stringify(USER))
    storage.setItem(AUTH_KEY, 'true')
    await client.init()
    expect(client.getState()).toMatchObject({ user: null, isAuthenticated: false, loading: false, error: null })
    expect(storage.getItem(USER_KEY)).toBeNull()
    expect(storage.getItem(AUTH_KEY)).toBeNull()
  })

  it('without a stored user it makes no call and ends signed out', async () => {
    const { client, calls } = makeClient({})
    await client.init()
    expect(calls).toHaveLength(0)
    expect(client.getState()).toMatchObject({ user: null, isAuthenticated: false, loading: false })
  })

  it('a start-up that throws with no stored user clears state with the spec error', async () => {
    const { client } = makeClient(
      {
        'POST /auth/refresh': () => {
          throw new TypeError('Failed to fetch')
        },
      },
      { alwaysRefresh: true },
    )
    await client.init()
    expect(client.getState()).toMatchObject({ user: null, loading: false, error: MSG.initFailed })
    expect(MSG.initFailed).toBe('Failed to initialize authentication. Please try refreshing the page.')
  })

  it('a start-up that throws keeps a stored user (offline)', async () => {
    const { client, storage } = makeClient({
      'POST /auth/refresh': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    storage.setItem(USER_KEY, JSON.stringify(USER))
    await client.init()
    expect(client.getState()).toMatchObject({ isAuthenticated: true, loading: false, error: null })
  })

  it('init is idempotent', async () => {
    const { client, storage, calls } = makeClient({
      'POST /auth/refresh': () => json({ accessToken: 't' }),
      'GET /auth/me': () => json(USER),
    })
    storage.setItem(USER_KEY, JSON.stringify(USER))
    await Promise.all([client.init(), client.init()])
    await client.init()
    expect(calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(1)
  })
})

describe('auth client: 401 -> one refresh, one retry', () => {
  it('retries once with the new token', async () => {
    let meCalls = 0
    const { client, calls } = makeClient({
      'POST /auth/refresh': () => json({ accessToken: 'fresh' }),
      'GET /auth/me': (c) => {
        meCalls++
        return c.headers.get('x-auth-token') === 'fresh' ? json({ user: USER }) : json({}, 401)
      },
    })
    client.setAccessToken('stale')
    const user = await client.fetchCurrentUser()
    expect(user?.email).toBe(USER.email)
    expect(meCalls).toBe(2)
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/auth/me', 'POST /api/auth/refresh', 'GET /api/auth/me'])
  })

  it('does not retry more than once, and clears the session with the spec message', async () => {
    const { client, storage, calls } = makeClient({
      'POST /auth/refresh': () => json({ accessToken: 'fresh' }),
      'GET /auth/me': () => json({}, 401),
    })
    storage.setItem(USER_KEY, JSON.stringify(USER))
    client.setAccessToken('stale')
    expect(await client.fetchCurrentUser()).toBeNull()
    expect(calls.filter((c) => c.url.endsWith('/auth/me'))).toHaveLength(2)
    expect(calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(1)
    expect(client.getState()).toMatchObject({ user: null, isAuthenticated: false, error: 'Authentication failed. Please log in again.' })
    expect(storage.getItem(USER_KEY)).toBeNull()
  })

  it('a retried POST sends its body again, with the new token', async () => {
    const { client, calls } = makeClient({
      'POST /auth/refresh': () => json({ accessToken: 'fresh' }),
      'POST /me/delete': (c) => (c.headers.get('x-auth-token') === 'fresh' ? json({ message: 'gone' }) : json({}, 401)),
    })
    client.setAccessToken('stale')
    const { data } = await client.api.POST('/api/me/delete', { body: { confirm: 'DELETE' } })
    expect(data).toEqual({ message: 'gone' })
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      ['/api/me/delete', { confirm: 'DELETE' }],
      ['/api/auth/refresh', undefined],
      ['/api/me/delete', { confirm: 'DELETE' }],
    ])
  })

  it('a refused sign-in is the answer: no refresh, no token sent', async () => {
    const { client, calls } = makeClient({ 'POST /auth/login': () => json({ errors: [{ msg: 'Invalid credentials' }] }, 401) })
    client.setAccessToken('stale')
    expect(await client.login('a@b.c', 'x')).toEqual({ ok: false, status: 401, message: 'Invalid credentials' })
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/login'])
    expect(calls[0]!.headers.get('x-auth-token')).toBeNull()
  })

  it('a failed refresh means no retry', async () => {
    const { client, calls } = makeClient({
      'POST /auth/refresh': () => json({}, 401),
      'GET /rsvp/check': () => json({}, 401),
    })
    const res = (await client.api.GET('/api/rsvp/check', { params: { query: { eventId: 'x', email: 'y' } } })).response
    expect(res.status).toBe(401)
    expect(calls.map((c) => c.method + ' ' + c.url.split('?')[0])).toEqual(['GET /api/rsvp/check', 'POST /api/auth/refresh'])
  })

  it('keeps a single refresh in flight for concurrent 401s', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    let refreshes = 0
    const { client, calls } = makeClient({
      'POST /auth/refresh': async () => {
        refreshes++
        await gate
        return json({ accessToken: 'new' })
      },
      'GET /me/rsvps': (c) => (c.headers.get('x-auth-token') === 'new' ? json({ rsvps: [] }) : json({}, 401)),
    })
    client.setAccessToken('old')
    const all = Promise.all([1, 2, 3].map(() => client.api.GET('/api/me/rsvps').then((r) => r.response)))
    await new Promise((r) => setTimeout(r, 10))
    release()
    const results = await all
    expect(results.map((r) => r.status)).toEqual([200, 200, 200])
    expect(refreshes).toBe(1)
    expect(calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(1)
    // a later 401 may refresh again (the first one is no longer in flight)
    client.setAccessToken('old')
    await client.api.GET('/api/me/rsvps').then((r) => r.response)
    expect(refreshes).toBe(2)
  })

  it('a request made during the start-up refresh waits for it and carries its token', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const { client, storage, calls } = makeClient({
      'POST /auth/refresh': async () => {
        await gate
        return json({ accessToken: 'started' })
      },
      'GET /auth/me': () => json(USER),
      'GET /me/rsvps': (c) => (c.headers.get('x-auth-token') === 'started' ? json({ rsvps: [] }) : json({}, 401)),
    })
    storage.setItem(USER_KEY, JSON.stringify(USER))
    const started = client.init()
    const request = client.api.GET('/api/me/rsvps').then((r) => r.response)
    release()
    expect((await request).status).toBe(200)
    await started
    expect(calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(1)
    expect(calls.filter((c) => c.url.endsWith('/me/rsvps'))).toHaveLength(1)
  })

  it('a 401 for a token replaced meanwhile is retried with the new one, without another refresh', async () => {
    const { client, calls } = makeClient({
      'POST /auth/refresh': () => json({ accessToken: 'unused' }),
      'GET /me/rsvps': (c) => {
        if (c.headers.get('x-auth-token') === 'new') return json({ rsvps: [] })
        client.setAccessToken('new') // another request refreshed while this one was on its way
        return json({}, 401)
      },
    })
    client.setAccessToken('old')
    expect((await client.api.GET('/api/me/rsvps').then((r) => r.response)).status).toBe(200)
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/me/rsvps', 'GET /api/me/rsvps'])
  })
})

describe('auth client: login and register', () => {
  it('login stores the session; the token stays in memory only', async () => {
    const { client, storage, calls } = makeClient({
      'POST /auth/login': () => json({ accessToken: 'secret-token', user: USER }),
    })
    const r = await client.login('ada@example.org', 'pw')
    expect(r).toEqual({ ok: true, status: 200, data: USER })
    expect(calls[0]).toMatchObject({ body: { email: 'ada@example.org', password: 'pw' }, credentials: 'include' })
    expect(client.getState()).toMatchObject({ isAuthenticated: true, user: USER })
    expect(storage.getItem(AUTH_KEY)).toBe('true')
    for (let i = 0; i < storage.length; i++) expect(storage.getItem(storage.key(i)!)).not.toContain('secret-token')
  })

  it('login failure: the server message, else "Login failed"', async () => {
    const a = makeClient({ 'POST /auth/login': () => json({ errors: [{ msg: 'Invalid credentials' }] }, 400) })
    expect(await a.client.login('a@b.c', 'x')).toEqual({ ok: false, status: 400, message: 'Invalid credentials' })
    const b = makeClient({ 'POST /auth/login': () => new Response('oops', { status: 500 }) })
    expect(await b.client.login('a@b.c', 'x')).toEqual({ ok: false, status: 500, message: 'Login failed' })
  })

  it('login network failure and unexpected answers', async () => {
    const a = makeClient({
      'POST /auth/login': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    expect(await a.client.login('a@b.c', 'x')).toEqual({ ok: false, status: 0, message: 'Network error. Please try again.' })
    const b = makeClient({ 'POST /auth/login': () => new Response('not json', { status: 200 }) })
    expect(await b.client.login('a@b.c', 'x')).toEqual({ ok: false, status: 0, message: 'Login failed. Please try again.' })
  })

  it('register sends the volunteer role; failures use the registration messages', async () => {
    const a = makeClient({ 'POST /auth/register': () => json({ accessToken: 't', user: USER }, 201) })
    expect((await a.client.register('Ada', 'ada@example.org', 'pw')).ok).toBe(true)
    expect(a.calls[0]!.body).toEqual({ name: 'Ada', role: 'volunteer', email: 'ada@example.org', password: 'pw' })
    const b = makeClient({ 'POST /auth/register': () => json({}, 400) })
    expect(await b.client.register('A', 'a@b.c', 'p')).toEqual({ ok: false, status: 400, message: 'Registration failed' })
    const c = makeClient({ 'POST /auth/register': () => new Response('x', { status: 201 }) })
    expect(await c.client.register('A', 'a@b.c', 'p')).toEqual({ ok: false, status: 0, message: 'Registration failed. Please try again.' })
    const d = makeClient({
      'POST /auth/register': () => {
        throw new TypeError('offline')
      },
    })
    expect(await d.client.register('A', 'a@b.c', 'p')).toEqual({ ok: false, status: 0, message: 'Network error. Please try again.' })
  })
})

describe('auth client: logout', () => {
  it('clears the session even when the call fails', async () => {
    const { client, storage, calls } = makeClient({
      'POST /auth/login': () => json({ accessToken: 'tok', user: USER }),
      'POST /auth/logout': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    await client.login('a@b.c', 'pw')
    await client.logout()
    expect(calls[1]!.headers.get('x-auth-token')).toBe('tok')
    expect(client.getState()).toMatchObject({ user: null, isAuthenticated: false })
    expect(client.getAccessToken()).toBeNull()
    expect(storage.getItem(USER_KEY)).toBeNull()
    expect(storage.getItem(AUTH_KEY)).toBeNull()
  })

  it('clears the session when the server answers an error', async () => {
    const { client, storage } = makeClient({
      'POST /auth/login': () => json({ accessToken: 'tok', user: USER }),
      'POST /auth/logout': () => json({}, 500),
    })
    await client.login('a@b.c', 'pw')
    await client.logout()
    expect(client.getState().isAuthenticated).toBe(false)
    expect(storage.getItem(USER_KEY)).toBeNull()
  })
})

describe('auth client: storage sync across tabs', () => {
  async function started() {
    const m = makeClient({})
    await m.client.init()
    return m
  }

  it('a new user in another tab signs this tab in', async () => {
    const { client, events } = await started()
    events.dispatch('storage', { key: USER_KEY, newValue: JSON.stringify(USER), oldValue: null })
    expect(client.getState()).toMatchObject({ user: USER, isAuthenticated: true })
  })

  it('a removed user in another tab signs this tab out', async () => {
    const { client, events } = await started()
    events.dispatch('storage', { key: USER_KEY, newValue: JSON.stringify(USER) })
    client.setAccessToken('t')
    events.dispatch('storage', { key: USER_KEY, newValue: null })
    expect(client.getState()).toMatchObject({ user: null, isAuthenticated: false })
    expect(client.getAccessToken()).toBeNull()
  })

  it('localStorage.clear() in another tab signs this tab out', async () => {
    const { client, events } = await started()
    events.dispatch('storage', { key: USER_KEY, newValue: JSON.stringify(USER) })
    events.dispatch('storage', { key: null, newValue: null })
    expect(client.getState().isAuthenticated).toBe(false)
  })

  it('an unparsable value gives the sync error', async () => {
    const { client, events } = await started()
    events.dispatch('storage', { key: USER_KEY, newValue: '{not json' })
    expect(client.getState().error).toBe('Sync error occurred. Please refresh the page.')
  })

  it('notifies subscribers', async () => {
    const { client, events } = await started()
    let n = 0
    const off = client.subscribe(() => n++)
    events.dispatch('storage', { key: USER_KEY, newValue: JSON.stringify(USER) })
    off()
    events.dispatch('storage', { key: USER_KEY, newValue: null })
    expect(n).toBe(1)
  })
})

describe('auth client: email verification', () => {
  it('refuses a resend client-side with the spec messages', async () => {
    const none = makeClient({})
    expect(await none.client.resendVerification()).toEqual({ ok: false, status: 0, message: 'Failed to get info' })

    const verified = makeClient({ 'POST /auth/login': () => json({ accessToken: 't', user: { ...USER, isVerified: true } }) })
    await verified.client.login('a', 'b')
    expect(await verified.client.resendVerification()).toEqual({ ok: false, status: 0, message: 'Email is already verified' })

    const noEmail = makeClient({ 'POST /auth/login': () => json({ accessToken: 't', user: { ...USER, email: '' } }) })
    await noEmail.client.login('a', 'b')
    expect(await noEmail.client.resendVerification()).toEqual({ ok: false, status: 0, message: 'Could not get email' })
    expect(noEmail.calls).toHaveLength(1)
  })

  it('resend: server msg, failure msg, "Netwok or parsing error"', async () => {
    const login = () => json({ accessToken: 't', user: USER })
    const ok = makeClient({ 'POST /auth/login': login, 'POST /auth/resend-verification': () => json({ msg: 'Sent!' }) })
    await ok.client.login('a', 'b')
    expect(await ok.client.resendVerification()).toEqual({ ok: true, status: 200, data: { message: 'Sent!' } })
    expect(ok.calls[1]!.body).toEqual({ email: USER.email })

    const bad = makeClient({ 'POST /auth/login': login, 'POST /auth/resend-verification': () => json({}, 429) })
    await bad.client.login('a', 'b')
    expect(await bad.client.resendVerification()).toEqual({ ok: false, status: 429, message: 'Failed to resend verification email. Please try again.' })

    const broken = makeClient({ 'POST /auth/login': login, 'POST /auth/resend-verification': () => new Response('<html>', { status: 502 }) })
    await broken.client.login('a', 'b')
    expect(await broken.client.resendVerification()).toEqual({ ok: false, status: 502, message: 'Netwok or parsing error' })
  })

  it('verify: server msg or defaults; network error', async () => {
    const ok = makeClient({ 'GET /auth/verify': () => json({}) })
    expect(await ok.client.verifyEmail('abc')).toEqual({ ok: true, status: 200, data: { message: 'Email verified successfully!' } })
    expect(ok.calls[0]!.url).toBe('/api/auth/verify?token=abc')
    expect(ok.calls[0]!.headers.get('content-type')).toBe('application/json')
    const msg = makeClient({ 'GET /auth/verify': () => json({ msg: 'Token expired' }, 400) })
    expect(await msg.client.verifyEmail('abc')).toEqual({ ok: false, status: 400, message: 'Token expired' })
    const bare = makeClient({ 'GET /auth/verify': () => json({}, 400) })
    expect(await bare.client.verifyEmail('abc')).toEqual({ ok: false, status: 400, message: 'Verification failed' })
    const net = makeClient({
      'GET /auth/verify': () => {
        throw new TypeError('offline')
      },
    })
    expect(await net.client.verifyEmail('abc')).toEqual({ ok: false, status: 0, message: 'Network error. Please try again.' })
  })

  it('OAuth callback token: fetches the user; failure answers the callback message', async () => {
    const ok = makeClient({ 'GET /auth/me': (c) => (c.headers.get('x-auth-token') === 'g' ? json(USER) : json({}, 401)) })
    expect(await ok.client.signInWithToken('g')).toEqual({ ok: true, status: 200, data: USER })
    expect(ok.client.getState()).toMatchObject({ isAuthenticated: true, loading: false })
    const bad = makeClient({ 'GET /auth/me': () => json({}, 401), 'POST /auth/refresh': () => json({}, 401) })
    expect(await bad.client.signInWithToken('g')).toEqual({ ok: false, status: 401, message: 'Authentication failed. Please try again.' })
  })
})

describe('spec messages', () => {
  it('are word for word', () => {
    expect(MSG).toMatchObject({
      fillAllFields: 'Please fill out all fields',
      passwordsMustMatch: 'Passwords must match',
      resendNetwork: 'Netwok or parsing error',
      oauthFailed: 'OAuth authentication failed. Please try again.',
      signInToRsvp: 'Please sign in to RSVP for the event.',
      formUnexpected: 'An unexpected error occurred. Please try again.',
      noVerificationToken: 'No verification token provided',
    })
  })
})

describe('API base', () => {
  it('strips trailing slashes of a configured base', async () => {
    const { client, calls } = makeClient({}, { apiBase: 'https://api.example.org/api/' })
    await client.api.GET('/api/me/rsvps').then((r) => r.response)
    expect(calls[0]!.url).toBe('https://api.example.org/api/me/rsvps')
  })
})

describe('auth client: a slow start-up does not undo a sign-in', () => {
  it('an OAuth sign-in during the start-up refresh wins', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const { client, storage } = makeClient({
      'POST /auth/refresh': async () => {
        await gate
        return json({}, 401)
      },
      'GET /auth/me': (c) => (c.headers.get('x-auth-token') === 'google' ? json(USER) : json({}, 401)),
    })
    storage.setItem(USER_KEY, JSON.stringify({ ...USER, name: 'Stale' }))
    const init = client.init()
    await client.signInWithToken('google')
    release()
    await init
    expect(client.getState()).toMatchObject({ isAuthenticated: true, loading: false })
    expect(client.getState().user?.name).toBe(USER.name)
    expect(storage.getItem(AUTH_KEY)).toBe('true')
  })
})

describe('site config: Google sign-in only when the service has it', () => {
  const answer = (status: number, body: string) => publicApi({ 'GET /config': () => new Response(body, { status, headers: { 'content-type': 'application/json' } }) })
  it('is on only on a clear yes', async () => {
    const yes = answer(200, '{"google": true}')
    expect(await readSiteConfig(yes.api)).toEqual({ google: true })
    expect(yes.calls.map((c) => [c.url, c.credentials])).toEqual([['/api/config', 'omit']])
    expect(await readSiteConfig(answer(200, '{"google": false}').api)).toEqual({ google: false })
    expect(await readSiteConfig(answer(200, '{"google": "yes"}').api)).toEqual({ google: false })
    expect(await readSiteConfig(answer(200, 'null').api)).toEqual({ google: false })
    expect(await readSiteConfig(answer(404, '{"error": "Not found."}').api)).toEqual({ google: false })
    expect(await readSiteConfig(answer(200, 'not json').api)).toEqual({ google: false })
    expect(await readSiteConfig(offlineApi())).toEqual({ google: false })
  })
})
