import { s } from './schema';
import { defineKey, fixedShape } from './storage';
import releases from './changelog.json';

/**
 * The changelog: what each version brought. Versions 1.7 to 1.21 are the original VoidVerified's
 * (in our own words); 2.0.0 onwards are this product's. A feature that maps to an option names it,
 * and the changelog dialog offers a checkbox that switches it.
 */

export interface ChangelogFeature {
  description: string;
  option?: string;
}

export interface ChangelogVersion {
  versionNumber: string;
  features: ChangelogFeature[];
}

/** Newest first: the release table is data, kept in changelog.json beside this file. */
export const CHANGELOG: readonly ChangelogVersion[] = releases;

/** Compares dotted version numbers: negative when a < b. Missing parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export const LATEST_VERSION = CHANGELOG.reduce((max, v) => (compareVersions(v.versionNumber, max) > 0 ? v.versionNumber : max), '0');

/** The newest version whose changelog the user has closed (per device). */
export const changelogSeenKey = defineKey({
  name: 'void-verified-changelog-seen',
  cap: fixedShape,
  description: 'The last changelog version seen.',
  schema: s.nullable(s.string({ max: 32 })),
  defaultValue: () => null as string | null,
  exported: false,
});

/** Shown when enabled (or forced) and the last seen version is missing or older than a listed one. */
export function shouldShowChangelog(lastSeen: string | null, enabled: boolean, forced = false): boolean {
  if (!enabled && !forced) return false;
  if (forced) return true;
  return lastSeen === null || compareVersions(lastSeen, LATEST_VERSION) < 0;
}
