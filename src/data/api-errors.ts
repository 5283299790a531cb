import { ApiError } from './graphql';

/**
 * Wrapped API errors: a failed API call is rethrown as an Error with a fixed text per call
 * (API_ERROR_TEXTS) and the original as its `cause`. Callers toast their own text with this one
 * as the toast's detail (`failureText`), or this one alone where they have no text of their own.
 */

export const API_ERROR_TEXTS = {
  activity: 'Error querying activity.',
  userAbout: 'Error querying user about.',
  saveAbout: 'failed to save user about.',
  profileColor: 'Failed to publish profile color',
  donatorBadge: 'Failed to publish donator badge',
  queryUser: 'Failed to query user from host API',
  selfMessage: 'Failed to publish a self-message',
  activities: 'Failed to query activities.',
  notifications: 'Failed to query notifications.',
  resetCount: 'Failed to reset notification count.',
  media: (search: string) => `Failed to query media (${search})`,
  mediaProgress: (id: number) => `Failed to query media progress with media id ${id}`,
  updateProgress: (id: number) => `Failed to update media progress with media id ${id}`,
  createdActivity: (id: number) => `Failed to get created media activity with media id ${id}`,
  reply: (id: number) => `Failed to reply to activity with id ${id}`,
  following: 'Failed to query followed users.',
  replies: 'Failed to query replies.',
} as const;

/**
 * The error policy, in one sentence: data functions throw an error that carries the spec's text
 * (`wrapFailure`), and only the owner of the user's action (a command's run, a panel's handler,
 * an injection's mount) reports it, through `attempt`. src/data imports no toast bus and reports
 * nothing (tests/unit/structure.test.ts); a Reporter is the toasts an owner reports to.
 */
export interface Reporter {
  debug(message: string, detail?: string): void;
  info(message: string): void;
  success(message: string): void;
  warning(message: string, detail?: string): void;
  error(message: string, detail?: string): void;
}

/** An API call that failed, under the spec's text; the original error is the `cause`. */
export class WrappedApiError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'WrappedApiError';
  }
}

/** Runs `call`; a failure is rethrown as a WrappedApiError with `message` (an abort passes through unwrapped). */
export async function wrapFailure<T>(message: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new WrappedApiError(message, error);
  }
}

/** A run of characters that could be a credential (a token, a key): never shown, whatever an answer says. */
const CREDENTIAL_LIKE = /[\w\-.~+/=]{32,}/g;
const CONTROL = /[\u0000-\u001f\u007f]+/g;
const MAX_API_MESSAGE = 200;

/**
 * The API's first error message under a failure (2.0.3's "(Invalid token)", C28; or why the client
 * refused it: a pause), for the user to read: its ApiError in the causes, one line, short, without
 * anything shaped like a credential. Undefined when no answer or refusal is under it.
 */
export function apiMessage(error: unknown): string | undefined {
  const text = apiErrorIn(error)?.message.replace(CONTROL, ' ').replace(CREDENTIAL_LIKE, '…').trim().slice(0, MAX_API_MESSAGE);
  return text || undefined;
}

function apiErrorIn(error: unknown): ApiError | undefined {
  let e: unknown = error;
  for (let depth = 0; e instanceof Error && depth < 4; depth++, e = e.cause) if (e instanceof ApiError) return e;
  return undefined;
}

/**
 * The spec's text of a wrapped failure (for a toast's detail), with the API's first error message
 * in parentheses as 2.0.3 says it ("Failed to query media progress (Invalid token)"); undefined for
 * anything else. Every toast of a failure takes its detail from here (`attempt`).
 */
export function failureText(error: unknown): string | undefined {
  if (!(error instanceof WrappedApiError)) return undefined;
  const why = apiMessage(error.cause);
  return why ? `${error.message} (${why})` : error.message;
}

/** What `attempt` hands back: the value, or the failure (already logged and toasted). */
export type Attempt<T> = { ok: true; value: T } | { ok: false; error: unknown; aborted: boolean };

export interface FailureReport {
  /** The toast's text, exactly as the spec words it (or made from the error). */
  toast: string | ((error: unknown) => string);
  /** What was being done, for the console: "[VoidVerified] saving goals failed". */
  log: string;
  /**
   * The toast's second line: by default a wrapped API error's text (`failureText`), or the API's
   * message alone for a failure not wrapped (`apiMessage`); false where the toast has no detail line
   * (but for a request the backoff refused: the pause is always said).
   */
  detail?: boolean;
  /** 'warning' or 'debug' where the spec's toast is one (a failed like is only a debug toast); errors otherwise. */
  level?: 'error' | 'warning' | 'debug';
  /** Logged but not toasted: a repeat of a failure the user has already been told about. */
  quiet?: boolean;
}

/**
 * Tries a request: on failure logs it with its context and shows the spec's toast (with the
 * wrapped API error's text as its detail line). An abort is neither logged nor toasted. Never
 * rejects; the caller branches on `ok`.
 */
export async function attempt<T>(
  toasts: {
    error(message: string, detail?: string): void;
    /** Callers whose failures are never warnings or debug toasts may leave these out. */
    warning?(message: string, detail?: string): void;
    debug?(message: string, detail?: string): void;
  },
  failure: FailureReport,
  call: () => Promise<T>,
): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (isAbort(error)) return { ok: false, error, aborted: true };
    console.error(`[VoidVerified] ${failure.log}`, error);
    if (failure.quiet) return { ok: false, error, aborted: false };
    const text = typeof failure.toast === 'function' ? failure.toast(error) : failure.toast;
    // A request the backoff refused says so (and until when) even where a toast has no detail line;
    // a toast whose text says it already (one made by failureText) says it once.
    const paused = apiErrorIn(error)?.status === 'paused';
    const said = failure.detail === false && !paused ? undefined : (failureText(error) ?? apiMessage(error));
    const detail = said !== undefined && text.includes(paused ? apiMessage(error)! : said) ? undefined : said;
    if (failure.level === 'warning') toasts.warning?.(text, detail);
    else if (failure.level === 'debug') toasts.debug?.(text, detail);
    else toasts.error(text, detail);
    return { ok: false, error, aborted: false };
  }
}

/** An abort (a closed panel, a newer search): not a failure to report. */
export function isAbort(error: unknown): boolean {
  return (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';
}

/** What running a command says when it throws. */
export const COMMAND_TEXTS = { failed: (title: string, why: string) => `${title} failed: ${why}` };

/** Said after every refusal that left things as they were (an authorization's return). */
export const NOTHING_CHANGED = 'Nothing was changed.';
