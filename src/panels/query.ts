import { attempt, type FailureReport } from '../data/api-errors';
import {
  usePagedRead as usePages,
  useRead as useOne,
  type OneRead,
  type OneReadOptions,
  type PagedRead,
  type PagedReadOptions,
} from '../data/swr-hooks';

export { useQuery, type QueryDocument } from '../data/swr-hooks';

/** What a panel's read reports when a page fails, and where (`attempt`'s toasts and texts). */
export interface PageFailure {
  toasts: Parameters<typeof attempt>[0];
  /** The report for page `n` (page 1 and Load More may word it differently). */
  report(n: number): FailureReport;
  /** Page `n` failed (after it was reported); an abort is no failure. */
  onFailure?(n: number): void;
}

/** Asks page `n` through `page`; a failure is reported once (the panel owns the list it shows) and thrown on. */
function reported<P>(failure: PageFailure, page: (n: number, signal: AbortSignal) => Promise<P>) {
  return async (n: number, signal: AbortSignal): Promise<P> => {
    const answer = await attempt(failure.toasts, failure.report(n), () => page(n, signal));
    if (answer.ok) return answer.value;
    if (!answer.aborted) failure.onFailure?.(n);
    throw answer.error;
  };
}

/**
 * A panel's Load More list: the paged read (src/data/swr-hooks.ts), whose failed page the panel
 * showing it reports, through `attempt` with `options.failure`.
 */
export function usePagedRead<P>(key: unknown, options: PagedReadOptions<P> & { failure: PageFailure }): PagedRead<P> {
  return usePages(key, { ...options, page: reported(options.failure, options.page) });
}

/** A panel's single read (useRead in src/data/swr-hooks.ts); a failure is reported as usePagedRead's (`report` is called with 1). */
export function useRead<T>(key: unknown, options: OneReadOptions<T> & { failure: PageFailure }): OneRead<T> {
  return useOne(key, { read: (signal) => reported(options.failure, (_n, s: AbortSignal) => options.read(s))(1, signal) });
}
