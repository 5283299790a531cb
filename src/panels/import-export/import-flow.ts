import { validToken } from '../../data/auth';
import {
  ADOPT_ERROR,
  ADOPT_QUESTION,
  acceptedWrites,
  adoptionCandidate,
  applyImport,
  IMPORT_CANCELLED,
  IMPORT_ERROR,
  IMPORT_SUCCESS,
  parseImport,
  parseImportValue,
  recordAdoption,
  RELOAD_DELAY_MS,
  successMessage,
  summarizeImport,
  writeFailureMessage,
  type AdoptionOutcome,
  type AdoptionQuestion,
  type HotkeyReview,
  type ImportDecision,
  type ImportOptions,
  type ImportResult,
  type ImportSummary,
  type Skipped,
} from '../../data/config-io';
import type { Store } from '../../data/storage';
import type { ToastBus } from '../../commands/toast-bus';

/**
 * An import as the user makes it (a chosen file, or the first-run adoption of the original's
 * configuration): src/data/config-io.ts checks, summarizes and writes; this asks, says how it
 * went and reloads, as the owner of the user's action.
 */

export interface ImportDeps extends ImportOptions {
  store: Store;
  /** The toast bus; the reload's delay counts from `shown()`, when the toast is on screen. */
  toasts: Pick<ToastBus, 'success' | 'warning' | 'error'> & Partial<Pick<ToastBus, 'shown'>>;
  reload(): void;
  /** Milliseconds between the toast's showing and the reload; 0 reloads at once. */
  reloadDelayMs?: number;
  /** Judges the hotkeys the file would change (the registry's commands, reviewImportedHotkeys). */
  reviewHotkeys: HotkeyReview;
  /**
   * Shows the summary (what the file changes) and resolves with what the user accepted, or null
   * when they cancel. Nothing is written before it resolves, and nothing after a null.
   */
  review(summary: ImportSummary): Promise<ImportDecision | null>;
}

/**
 * Checks the text, shows what it changes and waits for the user's answer, then writes (every write
 * confirmed), toasts and reloads; or toasts what was wrong (or nothing, when cancelled) and changes
 * nothing.
 */
export async function importText(text: string, deps: ImportDeps): Promise<ImportResult> {
  const result = parseImport(text, deps);
  if (!result.ok) {
    deps.toasts.error(`${IMPORT_ERROR} ${result.problem}`);
    return result;
  }
  const summary = summarizeImport(deps.store, result, deps.reviewHotkeys);
  const decision = await deps.review(summary);
  return decision ? finish(result, summary, decision, deps, IMPORT_ERROR) : { ok: false, problem: IMPORT_CANCELLED };
}

/** Writes what the user accepted, toasts and reloads; or says why the writes failed (nothing changed). */
async function finish(
  result: ImportResult & { ok: true },
  summary: ImportSummary,
  decision: ImportDecision,
  deps: Omit<ImportDeps, 'review'>,
  errorPrefix: string,
): Promise<ImportResult> {
  const takeSecrets = decision.takeSecrets && summary.credentials.length > 0;
  const skipped: Skipped[] = takeSecrets
    ? result.skipped
    : [...result.skipped, ...summary.credentials.map((name) => ({ name, reason: 'credentials' as const }))];
  try {
    await applyImport(deps.store, acceptedWrites(deps.store, result.writes, summary, decision), { takeSecrets });
  } catch (error) {
    const problem = writeFailureMessage(error);
    deps.toasts.error(`${errorPrefix} ${problem}`);
    return { ok: false, problem };
  }
  if (skipped.length) deps.toasts.warning(successMessage(skipped));
  else deps.toasts.success(IMPORT_SUCCESS);
  const delay = deps.reloadDelayMs ?? RELOAD_DELAY_MS;
  // Counted from the toast's showing, not its saying: a page slow to draw it still gives it its time.
  if (delay > 0) void (deps.toasts.shown?.() ?? Promise.resolve()).then(() => setTimeout(() => deps.reload(), delay));
  else deps.reload();
  return { ...result, skipped };
}

/**
 * The first-run offer: asks once, with the summary of what it would change; on Ok imports the
 * original's configuration like its file (toast, reload), with this browser's per-device state and
 * what the user ticked (page localStorage is the page's to write: its credentials and hotkeys are
 * judged as a file's). The answer is recorded before anything else so it is never asked again; a
 * configuration that cannot be read is not offered, only recorded and explained. Declining writes
 * nothing but the answer: the original's keys in page localStorage are only ever read, so the user
 * can go back to it.
 */
export async function offerAdoption(
  deps: Omit<ImportDeps, 'review'> & {
    ask(question: AdoptionQuestion): Promise<ImportDecision | null>;
    getItem(key: string): string | null;
    now?: number;
  },
): Promise<AdoptionOutcome | null> {
  const original = await adoptionCandidate(deps.store, deps.getItem, deps.now);
  if (!original) return null;
  const parsed = parseImportValue(original, { ...deps, sameDevice: true });
  if (!parsed.ok) {
    recordAdoption(deps.store, 'failed', deps.now);
    deps.toasts.error(`${ADOPT_ERROR} ${parsed.problem}`);
    return 'failed';
  }
  const summary = summarizeImport(deps.store, parsed, deps.reviewHotkeys);
  const decision = await deps.ask({ text: ADOPT_QUESTION, authorizeAgain: validToken(deps.store, deps.now) === null, summary });
  recordAdoption(deps.store, decision ? 'adopted' : 'declined', deps.now);
  if (!decision) return 'declined';
  const result = await finish(parsed, summary, decision, deps, ADOPT_ERROR);
  // The writes were refused and put back: it was not adopted.
  if (!result.ok) recordAdoption(deps.store, 'failed', deps.now);
  return result.ok ? 'adopted' : 'failed';
}
