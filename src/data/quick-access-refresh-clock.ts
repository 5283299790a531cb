/**
 * The one timer behind the Quick Access strip: it wakes when the timer's text next changes (once a
 * minute, then every second in the last minute) or, with the timer hidden, only when a refresh is
 * due; at the due moment it starts the refresh. No polling: each wake plans exactly one next wake,
 * and a hidden tab plans none at all; it catches up when it becomes visible again (`wake()` on
 * visibilitychange). The refresh stores a new fetch time (here or in another tab), and that change
 * wakes the clock again, so a refresh in flight is never started twice.
 */

export interface RefreshClockDeps {
  /** When the data was last fetched (ms since the epoch), or null when never. */
  lastFetch(): number | null;
  /** Whether the time left is shown (then the clock also wakes when its text changes). */
  showTimer(): boolean;
  /** Whether the page is visible; a hidden page does no work until it is visible again. */
  visible(): boolean;
  /** Starts a refresh; it stores a new fetch time when done, success or not. */
  refresh(): void;
  /** How often the data is refreshed, in ms. */
  interval: number;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer?: (timer: ReturnType<typeof setTimeout>) => void;
}

/**
 * Milliseconds until a countdown showing `left` ms changes its text ("12 minutes" above one
 * minute, "40 seconds" in the last one, see `timeUntil`); 0 when nothing is left.
 */
export function nextChange(left: number): number {
  if (left <= 0) return 0;
  return left > 60_000 ? ((left - 1) % 60_000) + 1 : ((left - 1) % 1000) + 1;
}

export class RefreshClock {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private version = 0;
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;

  constructor(private readonly deps: RefreshClockDeps) {
    this.now = deps.now ?? (() => Date.now());
  }

  /** Milliseconds until the next refresh is due (0 when it is due now). */
  left(): number {
    const last = this.deps.lastFetch();
    return last === null ? 0 : Math.max(0, last + this.deps.interval - this.now());
  }

  /** Plans again from now: at start, and whenever the fetch time, the timer option or visibility changed. */
  wake(): void {
    this.clear();
    if (this.stopped) return;
    this.version += 1;
    this.listeners.forEach((l) => l());
    if (!this.deps.visible()) return;
    const left = this.left();
    if (left <= 0) {
      this.deps.refresh();
      return;
    }
    const wait = this.deps.showTimer() ? nextChange(left) : left;
    this.timer = (this.deps.setTimer ?? setTimeout)(() => {
      this.timer = null;
      this.wake();
    }, wait);
  }

  /** Whether a wake is planned (for tests: a hidden or idle clock plans none). */
  pending(): boolean {
    return this.timer !== null;
  }

  /** Re-renders the countdown: `subscribe` and `snapshot` fit React's useSyncExternalStore. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): number => this.version;

  stop(): void {
    this.stopped = true;
    this.clear();
    this.listeners.clear();
  }

  private clear(): void {
    if (this.timer !== null) (this.deps.clearTimer ?? clearTimeout)(this.timer);
    this.timer = null;
  }
}
