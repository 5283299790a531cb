import { authKey } from './auth';
import { s } from './schema';
import { defineKey, type Store, fixedShape } from './storage';

/**
 * A token that expires while pages are open. One timer per tab, set for the expiry moment (no
 * polling): when it fires, the token is forgotten (`{ token: null, expires }`: the expiry date stays
 * for the authorization area to show), and that change reaches every open tab through the storage
 * adapter, so every feature that needs the token shows its lock at once and no request carries it.
 * The user is told once, in whichever tab is visible first: the notice waits in storage until a
 * visible tab takes it away and calls `tell`, whose owner (start-up) shows TOKEN_EXPIRED_MESSAGE.
 */

export const TOKEN_EXPIRED_MESSAGE =
  'Your VoidVerified authorization has expired, so the features that need it are locked. Authorize again in the settings (Settings > Developer) or run "Authorize" from the palette.';

/** The expiry of a token that expired and whose expiry nobody has been told of yet. */
export const expiredNoticeKey = defineKey({
  name: 'void-verified-auth-expired-notice',
  cap: fixedShape,
  description: 'A token expiry the user has not been told about yet.',
  schema: s.nullable(s.number()),
  defaultValue: () => null as number | null,
  exported: false,
});

/** The longest delay timers honour (2^31 - 1 ms, about 24.8 days); a later expiry is reached in steps. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export interface ExpiryDeps {
  store: Store;
  /** Tells the user the token expired (start-up: a warning toast with TOKEN_EXPIRED_MESSAGE); called once per expiry. */
  tell(): void;
  /** Whether the page is visible: only a visible tab tells the user. */
  visible(): boolean;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer?: (timer: ReturnType<typeof setTimeout>) => void;
}

export class TokenExpiryWatcher {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stops: (() => void)[] = [];
  private checking = false;
  private readonly now: () => number;

  constructor(private readonly deps: ExpiryDeps) {
    this.now = deps.now ?? (() => Date.now());
  }

  /** Watches the stored token (a new one from any tab re-plans the timer); returns the stop. */
  start(): () => void {
    const check = () => this.check();
    this.stops.push(this.deps.store.subscribe(authKey, check), this.deps.store.subscribe(expiredNoticeKey, check));
    this.check();
    return () => this.stop();
  }

  /**
   * Forgets the token if it has expired, else sets the timer for its expiry; then tells the user if
   * this tab is visible and a notice waits. Also the catch-up when a hidden tab is shown again.
   */
  check(): void {
    // Our own writes below notify our own subscriptions: they are part of this check.
    if (this.checking) return;
    this.checking = true;
    try {
      this.plan();
      this.tell();
    } finally {
      this.checking = false;
    }
  }

  private plan(): void {
    this.clear();
    const { token, expires } = this.deps.store.get(authKey);
    if (token !== null && expires !== null) {
      const left = expires - this.now();
      if (left <= 0) {
        this.deps.store.set(authKey, { token: null, expires });
        this.deps.store.set(expiredNoticeKey, expires);
      } else {
        this.timer = (this.deps.setTimer ?? setTimeout)(
          () => {
            this.timer = null;
            this.check();
          },
          Math.min(left, MAX_TIMER_MS),
        );
      }
    }
  }

  stop(): void {
    this.clear();
    this.stops.splice(0).forEach((s) => s());
  }

  private tell(): void {
    if (this.deps.store.get(expiredNoticeKey) === null || !this.deps.visible()) return;
    this.deps.store.set(expiredNoticeKey, null);
    this.deps.tell();
  }

  private clear(): void {
    if (this.timer !== null) (this.deps.clearTimer ?? clearTimeout)(this.timer);
    this.timer = null;
  }
}
