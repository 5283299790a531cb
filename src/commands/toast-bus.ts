/**
 * The toast bus. The owner of a user's action (a command's run, a panel's handler, an injection's
 * mount) says something; the toaster UI (src/panels) listens. src/data never imports it: data
 * throws, and its owner reports through `attempt` (src/data/api-errors.ts). Whether a toast shows
 * follows the spec: info, success, warning and error rank 0 to 3 and show only when toasts are
 * enabled and the configured level is at or below their rank; critical and notify always show;
 * debug toasts only show at the lowest level, info (and always reach the console).
 */

export type ToastType = 'debug' | 'info' | 'success' | 'warning' | 'error' | 'critical' | 'notify';

const TOAST_RANK: Record<'info' | 'success' | 'warning' | 'error', number> = {
  info: 0,
  success: 1,
  warning: 2,
  error: 3,
};

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  /** What failed underneath (a wrapped API error's text), shown on a second line. */
  detail?: string;
  /** Milliseconds it stays; critical toasts use 8 s whatever the configured duration. */
  duration: number;
}

export interface ToastSettings {
  enabled: boolean;
  level: number;
  /** Seconds. */
  duration: number;
}

export function shouldShow(type: ToastType, settings: ToastSettings): boolean {
  if (type === 'critical' || type === 'notify') return true;
  if (!settings.enabled) return false;
  if (type === 'debug') return settings.level <= TOAST_RANK.info;
  return settings.level <= TOAST_RANK[type];
}

const CRITICAL_DURATION_MS = 8000;

export class ToastBus {
  private nextId = 1;
  private readonly listeners = new Set<(toast: Toast) => void>();

  constructor(private readonly settings: () => ToastSettings = () => ({ enabled: true, level: 2, duration: 5 })) {}

  say(type: ToastType, message: string, detail?: string): void {
    const log = type === 'error' || type === 'critical' ? console.error : type === 'warning' ? console.warn : console.debug;
    log(`[VoidVerified] ${message}${detail ? ` (${detail})` : ''}`);
    const settings = this.settings();
    if (!shouldShow(type, settings)) return;
    const toast: Toast = {
      id: this.nextId++,
      type,
      message,
      ...(detail ? { detail } : {}),
      duration: type === 'critical' ? CRITICAL_DURATION_MS : settings.duration * 1000,
    };
    // Said before the toaster listens (it mounts lazily): kept until it does, so nothing is lost.
    if (!this.listeners.size) {
      this.pending.push({ toast, at: Date.now() });
      this.unheard?.();
    }
    this.listeners.forEach((l) => l(toast));
  }

  private pending: { toast: Toast; at: number }[] = [];
  private unheard: (() => void) | null = null;

  /** Called when a toast is said while nothing listens (to mount the toaster). */
  onUnheard(callback: () => void): void {
    this.unheard = callback;
  }

  debug = (message: string, detail?: string) => this.say('debug', message, detail);
  info = (message: string) => this.say('info', message);
  success = (message: string) => this.say('success', message);
  warning = (message: string, detail?: string) => this.say('warning', message, detail);
  /** `detail`: what failed underneath, e.g. `failureText(error)` of a wrapped API error. */
  error = (message: string, detail?: string) => this.say('error', message, detail);
  critical = (message: string) => this.say('critical', message);

  listen(listener: (toast: Toast) => void): () => void {
    this.listeners.add(listener);
    const now = Date.now();
    const waiting = this.pending.splice(0).filter((p) => now - p.at < p.toast.duration);
    waiting.forEach((p) => listener({ ...p.toast, duration: p.toast.duration - (now - p.at) }));
    return () => this.listeners.delete(listener);
  }

  private drawnUpTo = 0;
  private readonly drawnWaiters = new Set<{ id: number; done(): void }>();

  /** The toaster has put every toast up to `id` on screen (they are numbered in the order said). */
  drawn(id: number): void {
    if (id <= this.drawnUpTo) return;
    this.drawnUpTo = id;
    this.drawnWaiters.forEach((waiter) => waiter.id <= id && waiter.done());
  }

  /**
   * Resolves once every toast said so far is on screen, so what follows it (a reload) leaves time
   * to read it however slowly the page draws; or after `maxMs`, should the toaster never show it.
   */
  shown(maxMs = SHOWN_MAX_MS): Promise<void> {
    const id = this.nextId - 1;
    if (id <= this.drawnUpTo) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = {
        id,
        done: () => {
          clearTimeout(timer);
          this.drawnWaiters.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(waiter.done, maxMs);
      this.drawnWaiters.add(waiter);
    });
  }
}

/** The longest `shown()` waits for a toast to reach the screen. */
const SHOWN_MAX_MS = 5000;
