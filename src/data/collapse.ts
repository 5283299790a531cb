import { s } from './schema';
import { definePrunedRecord } from './storage';

/**
 * Collapsible containers' state, persisted per container id.
 * Only ids that differ from their container's default are stored; per-device, so not exported.
 */

export const COLLAPSED_MAX_ENTRIES = 500;

export const collapsedKey = definePrunedRecord({
  name: 'void-verified-collapsed-containers',
  original: 'collapsedContainers',
  description: 'Which collapsible containers are collapsed.',
  max: COLLAPSED_MAX_ENTRIES,
  pruned: 'the oldest',
  entry: s.boolean(),
});

/** The record with `id` set to `collapsed`, or removed when that is the default; oldest entries dropped past the cap. */
export function withCollapsed(
  record: Readonly<Record<string, boolean>>,
  id: string,
  collapsed: boolean,
  defaultCollapsed = false,
): Record<string, boolean> {
  const next = { ...record };
  delete next[id];
  if (collapsed !== defaultCollapsed) next[id] = collapsed;
  const ids = Object.keys(next);
  for (const old of ids.slice(0, Math.max(0, ids.length - COLLAPSED_MAX_ENTRIES))) delete next[old];
  return next;
}
