// The auth client: access token in memory only; the current user mirrored in localStorage
// (currentUser, isAuthenticated = "true") and followed across tabs through the storage event.
// Every call goes through the one typed API client (src/api/client.ts), whose auth middleware sends the
// access token and turns a 401 into one refresh (only one in flight at a time) and one retry.
import { attempt, authMiddleware, createApi, errorText, firstErrorText, msgText, type Api, type ApiResult, type Ok } from '../api/client'
import { MSG } from './messages'

/** The signed-in user, as GET /api/auth/me answers. */
export type User = Ok<'/api/auth/me', 'get'>

export type AuthState = {
  user: User | null
  isAuthenticated: boolean
  loading: boolean
  error: string | null
}

/** What a call whose outcome is a sentence (a reset link sent, an email verified) answers with. */
export type Sentence = { message: string }

export const USER_KEY = 'currentUser'
export const AUTH_KEY = 'isAuthenticated'
/** "true" while the signed-in user organizes events (src/organize/organizerFlag.ts); shows the nav's Organize link. */
export const ORGANIZER_KEY = 'isOrganizer'

type EventTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>

export type AuthDeps = {
  apiBase: string
  /** Called with each Request the API client makes. */
  fetch: (request: Request) => Promise<Response>
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
  /** The one API client: every call of the site goes through it. */
  readonly api: Api

  constructor(deps: AuthDeps) {
    this.deps = { ...deps, apiBase: deps.apiBase.replace(/\/+$/, '') }
    this.api = createApi(this.deps.apiBase, deps.fetch)
    this.api.use(
      authMiddleware({
        token: () => this.accessToken,
        settled: () => this.refreshInFlight?.catch(() => false) ?? Promise.resolve(),
        refresh: () => this.refresh(),
      }),
    )
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

  /** The URL of an API path (a link the browser follows itself, such as a record's PDF). */
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
      const user = await this.currentUser()
      if (!current()) return
      if (!user) {
        this.clearSession()
        return
      }
      this.setSession(user)
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
   * POST /auth/refresh with the cookie; one request in flight at a time, shared by every caller (the
   * API client's middleware among them). Resolves false when the server refuses; a network failure
   * resolves false too, unless `rethrow`.
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
    const { data } = await this.api.POST('/api/auth/refresh').catch(unreadable)
    if (!data?.accessToken) return false
    this.accessToken = data.accessToken
    return true
  }

  /** GET /auth/me through the middleware (one refresh and retry on 401); null when refused. */
  private async currentUser(): Promise<User | null> {
    const { data } = await this.api.GET('/api/auth/me')
    return data ? userOf(data) : null
  }

  /** GET /auth/me; after the one refresh-and-retry a failure clears the session. */
  async fetchCurrentUser(): Promise<User | null> {
    const user = await this.currentUser()
    if (!user) {
      this.clearSession(MSG.sessionExpired)
      return null
    }
    this.setSession(user)
    return user
  }

  // --- sign in / out ----------------------------------------------------------------------------------
  /** POST /auth/login: the signed-in user, or why not. */
  login(email: string, password: string): Promise<ApiResult<User>> {
    return this.signIn(() => this.api.POST('/api/auth/login', { body: { email, password } }), MSG.loginFailed, MSG.loginUnexpected)
  }

  /** POST /auth/register (as a volunteer): the signed-in user, or why not. */
  register(name: string, email: string, password: string): Promise<ApiResult<User>> {
    return this.signIn(
      () => this.api.POST('/api/auth/register', { body: { name, role: 'volunteer', email, password } }),
      MSG.registrationFailed,
      MSG.registrationUnexpected,
    )
  }

  /** The sign-in answers' sentence is their first `errors[].msg`; one without a token is `unexpected`. */
  private async signIn(
    send: () => Promise<{ data?: Ok<'/api/auth/login', 'post'>; error?: unknown; response: Response }>,
    failed: string,
    unexpected: string,
  ): Promise<ApiResult<User>> {
    const r = await attempt(send, (status) => (status ? failed : unexpected), { sentence: firstErrorText, network: MSG.network })
    if (!r.ok) return r
    const { accessToken, user } = r.data
    if (!accessToken || !user) return { ok: false, status: r.status, message: unexpected }
    this.epoch++
    this.accessToken = accessToken
    this.setSession(user)
    return { ok: true, status: r.status, data: user }
  }

  /** The OAuth return: the token from /auth/callback's query string, then the current user. */
  async signInWithToken(token: string): Promise<ApiResult<User>> {
    this.epoch++
    this.accessToken = token
    const r = await attempt(() => this.api.GET('/api/auth/me'), MSG.callbackFailed)
    if (!r.ok) {
      this.clearSession()
      // Whatever went wrong, the page says the spec's one callback sentence.
      return { ...r, message: MSG.callbackFailed }
    }
    const user = userOf(r.data)
    this.setSession(user)
    this.set({ loading: false })
    return { ...r, data: user }
  }

  /** Always clears the session, even when the call fails. */
  async logout(): Promise<ApiResult<string>> {
    this.epoch++
    const r = await attempt(() => this.api.POST('/api/auth/logout', { parseAs: 'text' }), MSG.formUnexpected)
    this.clearSession()
    return r
  }

  // --- email verification -------------------------------------------------------------------------------
  /** POST /auth/resend-verification for the signed-in user (refused here without one, or once verified). */
  async resendVerification(): Promise<ApiResult<Sentence>> {
    const user = this.state.user
    // Refused here, before any call (status 0: no answer).
    if (!user) return { ok: false, status: 0, message: MSG.resendNoUser }
    if (user.isVerified) return { ok: false, status: 0, message: MSG.resendAlreadyVerified }
    const { email } = user
    if (!email) return { ok: false, status: 0, message: MSG.resendNoEmail }
    const r = await attempt(
      () => this.api.POST('/api/auth/resend-verification', { body: { email } }),
      (status) => (status ? MSG.resendFailed : MSG.resendNetwork),
      // An answer that is not JSON is the spec's "parsing error".
      { sentence: (body) => (typeof body === 'string' ? MSG.resendNetwork : msgText(body)), network: MSG.resendNetwork },
    )
    return r.ok ? { ...r, data: { message: msgText(r.data) || MSG.resendSent } } : r
  }

  /** GET /auth/verify with the token from the email link; a signed-in user is then read again. */
  async verifyEmail(token: string): Promise<ApiResult<Sentence>> {
    const send = () => this.api.GET('/api/auth/verify', { params: { query: { token } }, headers: { 'Content-Type': 'application/json' } })
    const r = await this.said(send, MSG.verificationFailed, MSG.verificationSucceeded, msgText)
    // The stored user's isVerified is now stale.
    if (r.ok && this.state.user) this.fetchCurrentUser().catch(() => undefined)
    return r
  }

  // --- password reset ------------------------------------------------------------------------------------
  /** POST /auth/forgot-password: the answer is the same whether or not the account exists. */
  forgotPassword(email: string): Promise<ApiResult<Sentence>> {
    return this.said(() => this.api.POST('/api/auth/forgot-password', { body: { email } }), MSG.forgotFailed, MSG.forgotSent)
  }

  /** POST /auth/reset-password with the token from the email link. */
  resetPassword(token: string, password: string): Promise<ApiResult<Sentence>> {
    return this.said(() => this.api.POST('/api/auth/reset-password', { body: { token, password } }), MSG.resetFailed, MSG.resetSucceeded)
  }

  /**
   * The server's `msg` on success, else `succeeded` (a success whose body is not JSON still succeeded);
   * on a refusal its sentence (`error` unless `sentence` says otherwise), else `failed`.
   */
  private async said(
    send: () => Promise<{ data?: unknown; error?: unknown; response: Response }>,
    failed: string,
    succeeded: string,
    sentence = errorText,
  ): Promise<ApiResult<Sentence>> {
    const r = await attempt<unknown>(send, failed, { sentence, network: MSG.network, blank: {} })
    return r.ok ? { ...r, data: { message: msgText(r.data) || succeeded } } : r
  }
}

/** The user of a GET /auth/me answer (an older service wrapped it as {user}). */
function userOf(data: User | { user?: User }): User {
  return 'user' in data && data.user ? data.user : (data as User)
}

/** A refresh answer that could not be read counts as a refusal; a network failure still throws. */
function unreadable(error: unknown): { data?: undefined } {
  if (error instanceof SyntaxError) return {}
  throw error
}
