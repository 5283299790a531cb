import { secretHash } from './builtins';
import { defineKey, type Store, fixedShape } from './storage';
import { localAllocator, MAX_PAUSE_MS, type SlotAllocator } from './api-window';
import { formatDateTime, formatTime, timeConfigKey } from './dates';
import { fetchApiTransport, type ApiAnswer, type ApiTransport } from './api-transport';
import { s } from './schema';

/**
 * The one client for AniList's GraphQL API: POST JSON with
 * Content-Type and Accept, Bearer when a token exists, only `data` read, `errors` logged, the
 * remaining-rate-limit header stored after each call. Beyond the original: requests are paced
 * client-side (AniList really allows 30 a minute while its headers count down from 90), a 429
 * pauses every request until Retry-After and the refused call is retried, and repeated failures
 * (network, 5xx, 429) raise 2.0.3's backoff level, which pauses every tab (api-window.ts).
 */

export const GRAPHQL_ENDPOINT = 'https://graphql.anilist.co';

/** What start-up tells the user when the client calls its owner back (clientReports, src/commands/api-reports.ts). */
export const CLIENT_TEXTS = {
  missingToken: 'Tried to make API query without authorizing the product. You can do so in the settings.',
  unreachable: (remaining: number | null) =>
    `Preflight check failed. This might be caused by too many requests. Last known remaining queries: ${remaining ?? 'unknown'}.`,
  invalidToken: 'AniList says the saved token is invalid, so it was removed. Authorize again in the settings.',
  /** A request refused while the backoff pauses them (2.0.3 failed silently): the action's owner says it as the failure's detail. */
  paused: (until: string) => `AniList requests are paused until ${until} after repeated errors`,
  backoffRaised: (level: number) => `Increased exponential backoff level to ${level}`,
  lowRemaining: (remaining: number) => `Remaining queries before reset: ${remaining}`,
} as const;

/**
 * A GraphQL document with its result and variable types. Declared one way only: `query()` for
 * reads (with how long an answer stays good) and `mutation()` for writes; the operation name is
 * read from the source, so it is written once.
 */
export interface GqlDocument<TData, TVars> {
  readonly kind: 'query' | 'mutation';
  readonly name: string;
  /** The document as written; sent with its whitespace folded (`GraphQLClient.request`). */
  readonly source: string;
  /** Needs the user's token: every mutation, and the reads that ask about the token's owner. */
  readonly auth: boolean;
  /**
   * Aliased queries for many items: a missing item makes the API answer 404 with the others'
   * data; accept that data (missing items are null) instead of failing the whole request.
   */
  readonly partial?: boolean;
  /** Phantom field carrying the types; never set. */
  readonly __types?: [TData, TVars];
}

/** A read: identical reads (same document, variables and token) within `lifetime` ms are answered from the cache. */
export interface QueryDocument<TData, TVars> extends GqlDocument<TData, TVars> {
  readonly kind: 'query';
  /** Milliseconds an answer stays good; 0 (FRESH) means every read asks the API (concurrent ones share a request). */
  readonly lifetime: number;
}

export interface MutationDocument<TData, TVars> extends GqlDocument<TData, TVars> {
  readonly kind: 'mutation';
}

/** A lifetime of 0: the answer is never reused, only shared by identical reads in flight together. */
export const FRESH = 0;
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;

/** The operation's name after its keyword (one fixed pattern per kind: documents are defined at start-up). */
const OPERATION_NAME = { query: /^\s*query\s+(\w+)/, mutation: /^\s*mutation\s+(\w+)/ };

function operationName(kind: 'query' | 'mutation', source: string): string {
  const name = OPERATION_NAME[kind].exec(source)?.[1];
  if (!name) throw new Error(`A ${kind} document names its operation: ${source.slice(0, 60)}`);
  return name;
}

/**
 * A document as sent: each run of whitespace one space (a shorter body; the API ignores it).
 * Folded when sent, not when defined: start-up defines every document, where the regular
 * expression's first runs cost most, and most documents are never sent in a page's life.
 */
const fold = (source: string) => source.replace(/\s+/g, ' ').trim();

/** A read document: its source (`query Name(...) {...}`), how long its answer stays good, and whether it needs the token. */
export function query<TData, TVars>(
  source: string,
  options: { lifetime: number; auth?: boolean; partial?: boolean },
): QueryDocument<TData, TVars> {
  return {
    kind: 'query',
    name: operationName('query', source),
    source,
    auth: options.auth ?? false,
    lifetime: options.lifetime,
    ...(options.partial ? { partial: true } : {}),
  };
}

/** A write document (`mutation Name(...) {...}`); mutations always need the token. */
export function mutation<TData, TVars>(source: string): MutationDocument<TData, TVars> {
  return { kind: 'mutation', name: operationName('mutation', source), source, auth: true };
}

export type DataOf<D> = D extends GqlDocument<infer T, unknown> ? T : never;
export type VarsOf<D> = D extends GqlDocument<unknown, infer V> ? V : never;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | 'network' | 'unauthorized' | 'paused',
    readonly errors: { message: string; status?: number }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const rateLimitKey = defineKey({
  name: 'void-verified-api-rate-limit',
  cap: fixedShape,
  description: 'The last remaining-request count the API reported.',
  schema: s.object({ remaining: s.nullable(s.number()), limit: s.nullable(s.number()), at: s.number() }),
  defaultValue: () => ({ remaining: null as number | null, limit: null as number | null, at: 0 }),
  exported: false,
});

export { BURST, BURST_WINDOW_MS, MAX_PAUSE_MS, REQUESTS_PER_MINUTE } from './api-window';
const MAX_429_RETRIES = 2;
const HEADER_HEADROOM = 60;
/** 2.0.3 says how many remain when fewer than this are left (C28). */
const LOW_REMAINING = 5;

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

interface Waiter {
  resolve(): void;
  reject(reason: unknown): void;
  signal?: AbortSignal;
  onAbort(): void;
}

/**
 * Paces request starts: the window (30 in any minute, 5 in any second, shared by every open tab;
 * see api-window.ts) and a 429's pause (capped, shared too). Callers
 * are served in order; one whose signal aborts while it waits leaves the queue at once and takes
 * no slot. Only the caller at the head of the queue holds a reserved start at a time.
 */
export class RateLimiter {
  private readonly waiters: Waiter[] = [];
  private pumping = false;
  readonly window: SlotAllocator;

  constructor(
    private readonly clock: Clock,
    window?: SlotAllocator,
  ) {
    this.window = window ?? localAllocator(() => clock.now());
  }

  /** Resolves when a request may start; rejects with the signal's reason if it aborts first. */
  acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const i = this.waiters.indexOf(waiter);
          if (i !== -1) this.waiters.splice(i, 1);
          reject(signal!.reason);
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiters.push(waiter);
      void this.pump();
    });
  }

  /** Pauses every tab for `ms` (at most MAX_PAUSE_MS). */
  pauseFor(ms: number): void {
    const wait = Number.isFinite(ms) ? Math.min(Math.max(0, ms), MAX_PAUSE_MS) : MAX_PAUSE_MS;
    this.window.pause(this.clock.now() + wait);
  }

  /** Milliseconds this tab holds back: a 429's pause. */
  private holdBack(now: number): number {
    // A pause further away than the cap allows was not set by us (a clock change): ignore the excess.
    return Math.max(0, Math.min(this.window.pausedUntil() - now, MAX_PAUSE_MS));
  }

  /** Milliseconds until the next request could start (0 when it could start now). */
  delay(now = this.clock.now()): number {
    return Math.max(this.holdBack(now), this.window.estimate(now) - now);
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.waiters.length) {
        const hold = this.holdBack(this.clock.now());
        if (hold > 0) {
          await this.clock.sleep(hold);
          continue;
        }
        const slot = await this.window.reserve(this.clock.now());
        const wait = slot.at - this.clock.now();
        if (wait > 0) await this.clock.sleep(wait);
        // Everyone queued aborted, or a 429 came while we waited: give the start back.
        if (!this.waiters.length || this.holdBack(this.clock.now()) > 0) {
          this.window.release(slot);
          continue;
        }
        const waiter = this.waiters.shift()!;
        waiter.signal?.removeEventListener('abort', waiter.onAbort);
        waiter.resolve();
      }
    } finally {
      this.pumping = false;
    }
  }
}

/** How requests are sent: `transport` (main.tsx: the manager's, see api-transport.ts), or a `fetch` function (tests). */
export type ClientSend = { transport: ApiTransport; fetch?: never } | { fetch: typeof fetch; transport?: never };

export type ClientDeps = ClientSend & {
  store: Store;
  getToken(): string | null;
  clock?: Clock;
  /** Where request starts come from; by default this tab's own window (browserAllocator() shares it). */
  window?: SlotAllocator;
  /** Called when the API says the stored token is no longer valid. */
  onInvalidToken?(): void;
  /** Called when a request that needs the token is refused before it is sent: there is none (it then throws CLIENT_TEXTS.missingToken). */
  onMissingToken?(): void;
  /** Called when a request never reached the API (network, CORS preflight), with the remaining count as the API last reported it. */
  onUnreachable?(remaining: number | null): void;
  /** Whether the backoff is on (option aniListApiExponentialBackoff); without it, failures neither count nor pause. */
  backoff?(): boolean;
  /** Called when failures raised the backoff level. */
  onBackoffRaised?(level: number): void;
  /** Called when an answer says fewer than 5 requests remain, at most once a minute across tabs. */
  onLowRemaining?(remaining: number): void;
};

interface GraphQLBody<T> {
  data?: T | null;
  errors?: { message: string; status?: number }[];
}

function parseSeconds(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

export class GraphQLClient {
  readonly limiter: RateLimiter;
  private readonly clock: Clock;
  private readonly transport: ApiTransport;
  /** Requests sent, by document name: the bench and tests read it. */
  readonly sent = new Map<string, number>();
  /** The last token's identity (every read asks for it). */
  private lastIdentity: { token: string; identity: string } | null = null;

  constructor(private readonly deps: ClientDeps) {
    this.clock = deps.clock ?? realClock;
    this.transport = deps.transport ?? fetchApiTransport(deps.fetch);
    this.limiter = new RateLimiter(this.clock, deps.window);
  }

  /**
   * `init.token` sends that token instead of the stored one (checking whose a newly returned token
   * is before storing it); an 'Invalid token' answer to it then leaves the stored token alone.
   */
  async request<TData, TVars>(
    doc: GqlDocument<TData, TVars>,
    variables: TVars,
    init: { signal?: AbortSignal; token?: string } = {},
  ): Promise<TData> {
    const tokenNow = () => init.token ?? this.deps.getToken();
    if (doc.auth && !tokenNow()) this.missingToken();
    this.refuseWhilePaused();
    for (let attempt = 0; ; attempt++) {
      await this.limiter.acquire(init.signal);
      // A pause may have begun while this one waited for its turn.
      this.refuseWhilePaused();
      // Read after the wait for our turn (a pause can be long): a token that expired or was revoked
      // meanwhile is not sent.
      const token = tokenNow();
      if (doc.auth && !token) this.missingToken();
      this.sent.set(doc.name, (this.sent.get(doc.name) ?? 0) + 1);
      let response: ApiAnswer;
      try {
        response = await this.transport({
          url: GRAPHQL_ENDPOINT,
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ query: fold(doc.source), variables }),
          signal: init.signal,
        });
      } catch (error) {
        if (init.signal?.aborted) throw error;
        this.countFailure();
        // The count as the API last reported it, not our adjusted one.
        this.deps.onUnreachable?.(this.lastReportedRemaining());
        throw error instanceof Error ? error : new ApiError(String(error), 'network');
      }
      this.recordRateLimit(response);

      if (response.status === 429) {
        const retryAfter = parseSeconds(response.header('Retry-After'));
        const reset = parseSeconds(response.header('X-RateLimit-Reset'));
        const waitMs = retryAfter !== null ? retryAfter * 1000 : reset !== null ? Math.max(0, reset * 1000 - this.clock.now()) : 60_000;
        this.limiter.pauseFor(waitMs);
        this.countFailure();
        await response.discard();
        if (attempt < MAX_429_RETRIES) continue;
        throw new ApiError('Too Many Requests.', 429);
      }

      let body: GraphQLBody<TData> | null;
      try {
        body = JSON.parse(await response.text()) as GraphQLBody<TData>;
      } catch {
        body = null;
      }
      const errors = Array.isArray(body?.errors) ? body.errors : [];
      if (errors.length) console.error(`[VoidVerified] ${doc.name} answered with errors`, errors);
      if (init.token === undefined && errors.some((e) => e.message === 'Invalid token')) this.deps.onInvalidToken?.();

      const partialOk = doc.partial && response.status === 404 && body?.data && typeof body.data === 'object';
      const ok = response.status >= 200 && response.status < 300;
      if ((!ok && !partialOk) || body?.data === undefined || body.data === null) {
        if (response.status >= 500) this.countFailure();
        const message = errors[0]?.message ?? `HTTP ${response.status}`;
        throw new ApiError(message, response.status, errors);
      }
      return body.data;
    }
  }

  /**
   * Who reads are asked as: a short hash of the token the next request would send ('anon' without
   * one). Cache keys carry it, so a sign-out or another account never sees another's cached answers.
   * `token`: the identity of that token instead (a read sent with it, see `request`'s `init.token`).
   */
  identity(token: string | null = this.deps.getToken()): string {
    if (!token) return 'anon';
    if (token !== this.lastIdentity?.token) this.lastIdentity = { token, identity: secretHash(token) };
    return this.lastIdentity.identity;
  }

  private backoffOn(): boolean {
    return this.deps.backoff?.() === true;
  }

  /** While the backoff pauses requests (and is on), a request fails at once, saying until when. */
  private refuseWhilePaused(): void {
    if (!this.backoffOn()) return;
    const until = this.limiter.window.state.pausedUntil();
    if (until) throw new ApiError(CLIENT_TEXTS.paused(this.timeText(until)), 'paused');
  }

  /** The time a pause ends, in the user's format: with its date when that is not today. */
  private timeText(at: number): string {
    const config = this.deps.store.get(timeConfigKey);
    const date = new Date(at);
    const today = new Date(this.clock.now()).toDateString() === date.toDateString();
    return today ? formatTime(date, config.use12HourFormat) : formatDateTime(date, config);
  }

  /** A network failure, a 5xx or a 429 counts towards the backoff (when it is on); the owner hears of a new level. */
  private countFailure(): void {
    if (!this.backoffOn()) return;
    const level = this.limiter.window.state.failed();
    if (level !== null) this.deps.onBackoffRaised?.(level);
  }

  private missingToken(): never {
    this.deps.onMissingToken?.();
    throw new ApiError(CLIENT_TEXTS.missingToken, 'unauthorized');
  }

  /** The remaining-requests count the API last reported (its header as stored), or null when unknown. */
  lastReportedRemaining(): number | null {
    return this.deps.store.get(rateLimitKey).remaining;
  }

  /** The remaining count as AniList really means it (its header counts from 90, it throttles at 30). */
  realRemaining(): number | null {
    const { remaining } = this.deps.store.get(rateLimitKey);
    return remaining === null ? null : Math.max(0, remaining - HEADER_HEADROOM);
  }

  private recordRateLimit(response: ApiAnswer): void {
    const remaining = parseSeconds(response.header('X-RateLimit-Remaining'));
    if (remaining === null) return; // a missing header means "unknown", never zero
    const limit = parseSeconds(response.header('X-RateLimit-Limit'));
    this.deps.store.set(rateLimitKey, { remaining, limit, at: this.clock.now() });
    // As 2.0.3 counts it (C28): AniList throttles at 30 while the header counts from 90, so the
    // header as it is would say "4 left" some 56 requests after the throttle began.
    const real = remaining - HEADER_HEADROOM;
    if (real >= 0 && real < LOW_REMAINING && this.limiter.window.state.lowRemainingOnce()) this.deps.onLowRemaining?.(real);
  }
}
