// The auth client: access token in memory only; the current user mirrored in localStorage
// (currentUser, isAuthenticated = "true") and followed across tabs through the storage event.
// A 401 triggers one refresh (only one in flight at a time) and one retry.
import { MSG } from './messages'

export type User = {
  id?: string | number
  name: string
  email: string
  role: string
  phone?: string | null
  isVerified: boolean
}

export type AuthState = {
  user: User | null
  isAuthenticated: boolean
  loading: boolean
  error: string | null
}

export type AuthResult = { success: true; user: User } | { success: false; error: string }
export type MessageResult = { success: boolean; message: string }

export const USER_KEY = 'currentUser'
export const AUTH_KEY = 'isAuthenticated'
/** "true" while the signed-in user organizes events (src/organize/roles.ts); shows the nav's Organize link. */
export const ORGANIZER_KEY = 'isOrganizer'

type EventTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>

export type AuthDeps = {
  apiBase: string
  fetch: typeof fetch
  storage: Storage | null
  events: EventTarget | null
  /** Try the refresh cookie at start even without a stored user (default: only with one). */
  alwaysRefresh?: boolean
}

export class AuthClient {
  private accessToken: string | null = null
  private state: AuthState = { user: null, isAuthenticated: false, loading: true, error: null }
  private listeners = new Set<() => void>()
  private refreshInFlight: Promise<boolean> | null = null
  private initPromise: Promise<void> | null = null
  /** Bumped by every explicit sign-in or sign-out, so a slower start-up can't undo it. */
  private epoch = 0
  private readonly deps: AuthDeps

  constructor(deps: AuthDeps) {
    this.deps = { ...deps, apiBase: deps.apiBase.replace(/\/+$/, '') }
  }

  // --- store -------------------------------------------------------------------------------------
  getState = (): AuthState => this.state
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
  private set(patch: Partial<AuthState>) {
    this.state = { ...this.state, ...patch }
    this.listeners.forEach((l) => l())
  }
  getAccessToken(): string | null {
    return this.accessToken
  }
  setAccessToken(token: string | null) {
    this.accessToken = token
  }
  clearError() {
    if (this.state.error) this.set({ error: null })
  }

  url(path: string): string {
    return `${this.deps.apiBase}${path}`
  }

  private readStoredUser(): User | null {
    try {
      const raw = this.deps.storage?.getItem(USER_KEY)
      return raw ? (JSON.parse(raw) as User) : null
    } catch {
      return null
    }
  }

  private setSession(user: User) {
    try {
      this.deps.storage?.setItem(USER_KEY, JSON.stringify(user))
      this.deps.storage?.setItem(AUTH_KEY, 'true')
    } catch {
      /* storage full or disabled: the in-memory session still works */
    }
    this.set({ user, isAuthenticated: true, error: null })
  }

  private clearSession(error: string | null = null) {
    this.accessToken = null
    try {
      this.deps.storage?.removeItem(USER_KEY)
      this.deps.storage?.removeItem(AUTH_KEY)
      this.deps.storage?.removeItem(ORGANIZER_KEY)
    } catch {
      /* ignore */
    }
    this.set({ user: null, isAuthenticated: false, error })
  }

  // --- start-up and cross-tab sync ---------------------------------------------------------------
  /** Idempotent: reads the stored user, tries a refresh, then fetches the current user. */
  init(): Promise<void> {
    if (!this.initPromise) this.initPromise = this.runInit()
    return this.initPromise
  }

  private async runInit() {
    this.deps.events?.addEventListener('storage', this.onStorage as (e: Event) => void)
    const epoch = this.epoch
    const current = () => this.epoch === epoch
    const stored = this.readStoredUser()
    if (stored) this.set({ user: stored, isAuthenticated: true })
    try {
      // Nobody signed in on this browser: no refresh call, whose 401 a browser would log as an error
      // on every page of every signed-out visitor. (A sign-in always stores the user.)
      if (!stored && !this.deps.alwaysRefresh) {
        if (current()) this.clearSession()
        return
      }
      const refreshed = await this.refresh(true)
      if (!current()) return
      if (!refreshed) {
        this.clearSession()
        return
      }
      const res = await this.authFetch('/auth/me')
      if (!current()) return
      if (!res.ok) {
        this.clearSession()
        return
      }
      const user = await readUser(res)
      if (current()) this.setSession(user)
    } catch {
      if (!stored && current()) this.clearSession(MSG.initFailed)
    } finally {
      this.set({ loading: false })
    }
  }

  dispose() {
    this.deps.events?.removeEventListener('storage', this.onStorage as (e: Event) => void)
  }

  onStorage = (event: StorageEvent) => {
    if (event.key === null) {
      // localStorage.clear() in another tab
      this.signedOutElsewhere()
      return
    }
    if (event.key === USER_KEY) {
      if (event.newValue === null) {
        this.signedOutElsewhere()
        return
      }
      try {
        const user = JSON.parse(event.newValue) as User
        this.set({ user, isAuthenticated: true, error: null })
      } catch {
        this.set({ error: MSG.syncError })
      }
    } else if (event.key === AUTH_KEY && event.newValue === null) {
      this.signedOutElsewhere()
    }
  }

  private signedOutElsewhere() {
    if (!this.state.user && !this.state.isAuthenticated && !this.accessToken) return
    this.accessToken = null
    this.set({ user: null, isAuthenticated: false })
  }

  // --- tokens --------------------------------------------------------------------------------------
  /**
   * POST /auth/refresh with the cookie; one request in flight at a time, shared by every caller.
   * Resolves false when the server refuses; a network failure resolves false too, unless `rethrow`.
   */
  refresh(rethrow = false): Promise<boolean> {
    if (!this.refreshInFlight) {
      const p = this.doRefresh()
      this.refreshInFlight = p
      const done = () => {
        if (this.refreshInFlight === p) this.refreshInFlight = null
      }
      p.then(done, done)
    }
    const shared = this.refreshInFlight
    return rethrow ? shared : shared.catch(() => false)
  }

  private async doRefresh(): Promise<boolean> {
    const res = await this.deps.fetch(this.url('/auth/refresh'), { method: 'POST', credentials: 'include' })
    if (!res.ok) return false
    const data = (await res.json().catch(() => null)) as { accessToken?: string } | null
    if (!data?.accessToken) return false
    this.accessToken = data.accessToken
    return true
  }

  /**
   * fetch with the access token; on 401 refreshes once and retries once. With no token yet, a refresh in
   * flight (the one at start-up) is awaited first, and a 401 for a token that has since been replaced is
   * just retried: each needless refresh rotates the cookie, and a page left mid-rotation signs the user out.
   */
  async authFetch(path: string, init: RequestInit = {}): Promise<Response> {
    if (this.refreshInFlight && !this.accessToken) await this.refreshInFlight.catch(() => false)
    let sent: string | null = null
    const send = () => {
      sent = this.accessToken
      const headers = new Headers(init.headers)
      if (sent) headers.set('x-auth-token', sent)
      return this.deps.fetch(this.url(path), { ...init, headers, credentials: 'include' })
    }
    const res = await send()
    if (res.status !== 401) return res
    if (this.accessToken && this.accessToken !== sent) return send()
    const refreshed = await this.refresh()
    return refreshed ? send() : res
  }

  /** GET /auth/me; after the one refresh-and-retry a failure clears the session. */
  async fetchCurrentUser(): Promise<User | null> {
    const res = await this.authFetch('/auth/me')
    if (!res.ok) {
      this.clearSession(MSG.sessionExpired)
      return null
    }
    const user = await readUser(res)
    this.setSession(user)
    return user
  }

  // --- sign in / out ----------------------------------------------------------------------------------
  login(email: string, password: string): Promise<AuthResult> {
    return this.signIn('/auth/login', { email, password }, MSG.loginFailed, MSG.loginUnexpected)
  }

  register(name: string, email: string, password: string): Promise<AuthResult> {
    return this.signIn(
      '/auth/register',
      { name, role: 'volunteer', email, password },
      MSG.registrationFailed,
      MSG.registrationUnexpected,
    )
  }

  private async signIn(path: string, body: object, failed: string, unexpected: string): Promise<AuthResult> {
    let res: Response
    try {
      res = await this.deps.fetch(this.url(path), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'include',
        body: JSON.stringify(body),
      })
    } catch {
      return { success: false, error: MSG.network }
    }
    try {
      if (!res.ok) {
        const data = (await res.json().catch(() => null)) as { errors?: { msg?: string }[] } | null
        return { success: false, error: data?.errors?.[0]?.msg || failed }
      }
      const data = (await res.json()) as { accessToken?: string; user?: User }
      if (!data.accessToken || !data.user) return { success: false, error: unexpected }
      this.epoch++
      this.accessToken = data.accessToken
      this.setSession(data.user)
      return { success: true, user: data.user }
    } catch {
      return { success: false, error: unexpected }
    }
  }

  /** The OAuth return: the token from /auth/callback's query string, then the current user. */
  async signInWithToken(token: string): Promise<User> {
    this.epoch++
    this.accessToken = token
    const res = await this.authFetch('/auth/me')
    if (!res.ok) {
      this.clearSession()
      throw new Error(MSG.callbackFailed)
    }
    const user = await readUser(res)
    this.setSession(user)
    this.set({ loading: false })
    return user
  }

  /** Always clears the session, even when the call fails. */
  async logout(): Promise<void> {
    this.epoch++
    const token = this.accessToken
    try {
      await this.deps.fetch(this.url('/auth/logout'), {
        method: 'POST',
        credentials: 'include',
        headers: token ? { 'x-auth-token': token } : {},
      })
    } catch {
      /* ignored: the local session is cleared regardless */
    } finally {
      this.clearSession()
    }
  }

  // --- email verification -------------------------------------------------------------------------------
  async resendVerification(): Promise<MessageResult> {
    const user = this.state.user
    if (!user) return { success: false, message: MSG.resendNoUser }
    if (user.isVerified) return { success: false, message: MSG.resendAlreadyVerified }
    if (!user.email) return { success: false, message: MSG.resendNoEmail }
    try {
      const res = await this.deps.fetch(this.url('/auth/resend-verification'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'include',
        body: JSON.stringify({ email: user.email }),
      })
      const data = (await res.json()) as { msg?: string }
      if (!res.ok) return { success: false, message: data.msg || MSG.resendFailed }
      return { success: true, message: data.msg || 'Verification email sent.' }
    } catch {
      return { success: false, message: MSG.resendNetwork }
    }
  }

  // --- password reset ------------------------------------------------------------------------------------
  /** POST /auth/forgot-password: the answer is the same whether or not the account exists. */
  forgotPassword(email: string): Promise<MessageResult> {
    return this.postForMessage('/auth/forgot-password', { email }, MSG.forgotFailed, MSG.forgotSent)
  }

  /** POST /auth/reset-password with the token from the email link. */
  resetPassword(token: string, password: string): Promise<MessageResult> {
    return this.postForMessage('/auth/reset-password', { token, password }, MSG.resetFailed, MSG.resetSucceeded)
  }

  /** POST JSON; the server's sentence (msg, or error on failure), else `failed` / `succeeded`. */
  private async postForMessage(path: string, body: object, failed: string, succeeded = ''): Promise<MessageResult> {
    let res: Response
    try {
      res = await this.deps.fetch(this.url(path), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'include',
        body: JSON.stringify(body),
      })
    } catch {
      return { success: false, message: MSG.network }
    }
    const data = (await res.json().catch(() => null)) as { msg?: string; error?: string } | null
    if (!res.ok) return { success: false, message: data?.error || failed }
    return { success: true, message: data?.msg || succeeded }
  }

  async verifyEmail(token: string): Promise<MessageResult> {
    let res: Response
    try {
      res = await this.deps.fetch(this.url(`/auth/verify?token=${encodeURIComponent(token)}`), {
        headers: { 'Content-Type': 'application/json' },
      })
    } catch {
      return { success: false, message: MSG.network }
    }
    const data = (await res.json().catch(() => null)) as { msg?: string } | null
    if (!res.ok) return { success: false, message: data?.msg || MSG.verificationFailed }
    if (this.state.user) {
      // The stored user's isVerified is now stale.
      this.fetchCurrentUser().catch(() => undefined)
    }
    return { success: true, message: data?.msg || MSG.verificationSucceeded }
  }
}

async function readUser(res: Response): Promise<User> {
  const data = (await res.json()) as User | { user: User }
  return 'user' in data && data.user ? data.user : (data as User)
}
