import { attempt, type Reporter } from '../../data/api-errors';
import type { Account } from '../../data/identity';
import { goalsInBio, goalsKey, GOALS_TEXTS, queryOwnerAbout, saveGoals, type GoalServices } from '../../data/goals';

/**
 * The goals panel's Save and Fetch current, and what they say: the data functions throw, these
 * report. A failed query of the owner's about says 'Failed to query user goals.' and then the
 * action says its own failure too, as the original did.
 */

export interface GoalActionServices extends GoalServices {
  toasts: Reporter;
}

/** The token owner's about; a failure is said, then rethrown for the action to say its own. */
async function ownerAbout(services: GoalActionServices): Promise<Account & { about: string }> {
  const about = await attempt(services.toasts, { toast: GOALS_TEXTS.queryFailed, log: 'querying your goals failed' }, () =>
    queryOwnerAbout(services),
  );
  if (!about.ok) throw about.error;
  return about.value;
}

/** Save: the local goals into the token owner's bio. Resolves with the owner written to, or null when nothing was written. */
export async function saveToBio(services: GoalActionServices): Promise<Account | null> {
  services.toasts.debug(GOALS_TEXTS.saving);
  const saved = await attempt(services.toasts, { toast: GOALS_TEXTS.saveFailed, log: 'saving goals failed' }, async () =>
    saveGoals(services, await ownerAbout(services)),
  );
  if (!saved.ok) return null;
  services.toasts.success(GOALS_TEXTS.saved);
  return saved.value;
}

/**
 * Fetch current: replaces the local list with the goals in the token owner's bio. With no goals
 * there (no block, no goals key, or none readable) the local list stays as it is.
 */
export async function fetchFromBio(services: GoalActionServices): Promise<boolean> {
  services.toasts.debug(GOALS_TEXTS.fetching);
  const fetched = await attempt(
    services.toasts,
    { toast: GOALS_TEXTS.fetchFailed, detail: false, log: 'fetching goals failed' },
    async () => goalsInBio((await ownerAbout(services)).about),
  );
  if (!fetched.ok) return false;
  if (!fetched.value.length) {
    services.toasts.success(GOALS_TEXTS.noneSaved);
    return true;
  }
  services.store.set(goalsKey, fetched.value);
  services.toasts.success(GOALS_TEXTS.fetched);
  return true;
}
