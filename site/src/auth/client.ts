// The auth client: access token in memory only; the current user mirrored in localStorage
// (currentUser, isAuthenticated = "true") and followed across tabs through the storage event.
// Every call goes through the one typed API client (src/api/client.ts), whose auth middleware sends the
// access token and turns a 401 into one refresh (only one in flight at a time) and one retry.
import { authMiddleware, createApi, errorText, firstErrorText, msgText, type Api, type Ok } from '../api/client'
import { MSG } from './messages'

/** The signed-in user, as GET /api/auth/me answers. */
export type User = Ok<'/api/auth/me', 'get'>

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
    if (!data) return null
    // An older service wrapped the user as {user}.
    const wrapped = data as User | { user?: User }
    return 'user' in wrapped && wrapped.user ? wrapped.user : (data as User)
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
  async login(email: string, password: string): Promise<AuthResult> {
    return this.signIn(() => this.api.POST('/api/auth/login', { body: { email, password } }), MSG.loginFailed, MSG.loginUnexpected)
  }

  async register(name: string, email: string, password: string): Promise<AuthResult> {
    return this.signIn(
      () => this.api.POST('/api/auth/register', { body: { name, role: 'volunteer', email, password } }),
      MSG.registrationFailed,
      MSG.registrationUnexpected,
    )
  }

  private async signIn(
    send: () => Promise<{ data?: Ok<'/api/auth/login', 'post'>; error?: unknown; response: Response }>,
    failed: string,
    unexpected: string,
  ): Promise<AuthResult> {
    let answer: Awaited<ReturnType<typeof send>>
    try {
      answer = await send()
    } catch (error) {
      // A body that is not JSON (a proxy's error page) is the service's failure, not the network's.
      return { success: false, error: error instanceof SyntaxError ? unexpected : MSG.network }
    }
    const { data, error, response } = answer
    if (!response.ok) return { success: false, error: firstErrorText(error) || failed }
    if (!data?.accessToken || !data.user) return { success: false, error: unexpected }
    this.epoch++
    this.accessToken = data.accessToken
    this.setSession(data.user)
    return { success: true, user: data.user }
  }

  /** The OAuth return: the token from /auth/callback's query string, then the current user. */
  async signInWithToken(token: string): Promise<User> {
    this.epoch++
    this.accessToken = token
    const user = await this.currentUser().catch(() => null)
    if (!user) {
      this.clearSession()
      throw new Error(MSG.callbackFailed)
    }
    this.setSession(user)
    this.set({ loading: false })
    return user
  }

  /** Always clears the session, even when the call fails. */
  async logout(): Promise<void> {
    this.epoch++
    try {
      await this.api.POST('/api/auth/logout', { parseAs: 'text' })
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
      const { data, error, response } = await this.api.POST('/api/auth/resend-verification', { body: { email: user.email } })
      // An answer that is not JSON is the spec's "parsing error".
      if (typeof error === 'string') return { success: false, message: MSG.resendNetwork }
      if (!response.ok) return { success: false, message: msgText(error) || MSG.resendFailed }
      return { success: true, message: msgText(data) || 'Verification email sent.' }
    } catch {
      return { success: false, message: MSG.resendNetwork }
    }
  }

  // --- password reset ------------------------------------------------------------------------------------
  /** POST /auth/forgot-password: the answer is the same whether or not the account exists. */
  async forgotPassword(email: string): Promise<MessageResult> {
    return this.forMessage(() => this.api.POST('/api/auth/forgot-password', { body: { email } }), MSG.forgotFailed, MSG.forgotSent)
  }

  /** POST /auth/reset-password with the token from the email link. */
  async resetPassword(token: string, password: string): Promise<MessageResult> {
    return this.forMessage(
      () => this.api.POST('/api/auth/reset-password', { body: { token, password } }),
      MSG.resetFailed,
      MSG.resetSucceeded,
    )
  }

  /** The server's sentence (msg, or error on failure), else `failed` / `succeeded`. */
  private async forMessage(send: () => Promise<{ data?: unknown; error?: unknown; response: Response }>, failed: string, succeeded = ''): Promise<MessageResult> {
    let answer: Awaited<ReturnType<typeof send>>
    try {
      answer = await send()
    } catch (error) {
      // openapi-fetch reads a success's body as JSON; one that is not JSON still succeeded.
      if (error instanceof SyntaxError) return { success: true, message: succeeded }
      return { success: false, message: MSG.network }
    }
    const { data, error, response } = answer
    if (!response.ok) return { success: false, message: errorText(error) || failed }
    return { success: true, message: msgText(data) || succeeded }
  }

  async verifyEmail(token: string): Promise<MessageResult> {
    let answer: { data?: unknown; error?: unknown; response?: Response }
    try {
      answer = await this.api.GET('/api/auth/verify', {
        params: { query: { token } },
        headers: { 'Content-Type': 'application/json' },
      })
    } catch (error) {
      // openapi-fetch reads a success's body as JSON; one that is not JSON still verified.
      if (!(error instanceof SyntaxError)) return { success: false, message: MSG.network }
      answer = {}
    }
    if (answer.response && !answer.response.ok) return { success: false, message: msgText(answer.error) || MSG.verificationFailed }
    if (this.state.user) {
      // The stored user's isVerified is now stale.
      this.fetchCurrentUser().catch(() => undefined)
    }
    return { success: true, message: msgText(answer.data) || MSG.verificationSucceeded }
  }
}

/** A refresh answer that could not be read counts as a refusal; a network failure still throws. */
function unreadable(error: unknown): { data?: undefined } {
  if (error instanceof SyntaxError) return {}
  throw error
}
