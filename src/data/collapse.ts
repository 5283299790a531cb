import { s } from './schema';
import { definePrunedRecord } from './storage';

/**
 * Collapsible containers' state, persisted per container id.
 * Only ids that differ from their container's default are stored; per-device, so not exported.
 */

export const collapsedKey = definePrunedRecord({
  name: 'void-verified-collapsed-containers',
  original: 'collapsedContainers',
  description: 'Which collapsible containers are collapsed.',
  max: 500,
  pruned: 'the oldest',
  entry: s.boolean(),
});

/** The record with `id` set to `collapsed` (the newest entry), or removed when that is the default; the store drops the oldest past the cap. */
export function withCollapsed(
  record: Readonly<Record<string, boolean>>,
  id: string,
  collapsed: boolean,
  defaultCollapsed = false,
): Record<string, boolean> {
  const next = { ...record };
  delete next[id];
  if (collapsed !== defaultCollapsed) next[id] = collapsed;
  return next;
}
