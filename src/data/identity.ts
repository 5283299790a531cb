import { FRESH, MINUTE, query } from './graphql';
import { s } from './schema';
import { defineKey, type Store, fixedShape } from './storage';
import { read, readsFor, type ReadContext, type ReadOptions } from './swr';

/**
 * Whose data a write changes. There are two accounts in play:
 * - the token's owner, as AniList reports it (`Viewer { id name }` asked with the token): every
 *   write goes out with the token, so it always changes this account's data;
 * - the account signed in to the site, which the host keeps in page `localStorage.auth`: any script
 *   on the page can write it, and it differs from the token's owner after an account switch. It is
 *   used for display and navigation only (which profile is "your own", links to your lists), never
 *   to choose whose data is read for a write or written.
 * When both are known and differ, the user is told once and the features that act as "you" are
 * locked (commands and injections marked `actsAsYou`) until they agree again or the user
 * authorizes again. No DOM here.
 */

export interface Account {
  id: number;
  name: string;
}

/**
 * How long the token's owner is kept: a token's owner never changes, a name rarely does. An hour
 * costs one request an hour while pages are open, and a reload within it none (the answer is
 * persisted with the query cache).
 */
export const OWNER_LIFETIME = 60 * MINUTE;

/** Whose the token is, keyed by the token (a read sent with a newly returned token is cached under that token). */
export const tokenOwnerQuery = query<{ Viewer: Account | null }, Record<string, never>>('query TokenViewer { Viewer { id name } }', {
  lifetime: OWNER_LIFETIME,
  auth: true,
});

/** The owner's about, read with the token just before a write builds on it (never reused). */
export const ownerAboutQuery = query<{ Viewer: (Account & { about: string | null }) | null }, Record<string, never>>(
  'query OwnerAbout { Viewer { id name about } }',
  { lifetime: FRESH, auth: true },
);

/** Why a token's owner is not known: AniList answered no Viewer for it. */
export const NO_OWNER = 'AniList did not say whose the token is.';

/** The token's owner (`token`: a token not stored yet); from the cache within OWNER_LIFETIME. */
export async function tokenOwner(ctx: ReadContext, options: ReadOptions = {}): Promise<Account> {
  const { Viewer } = await read(ctx, tokenOwnerQuery, {}, options);
  if (!Viewer || !Number.isInteger(Viewer.id) || typeof Viewer.name !== 'string') throw new Error(NO_OWNER);
  return { id: Viewer.id, name: Viewer.name };
}

/**
 * The token's owner as last reported for `token` (the stored one by default), without asking:
 * null when never asked. The id of a token's owner never changes, so an answer past its lifetime
 * still names them.
 */
export function cachedOwner(ctx: ReadContext, token?: string | null): Account | null {
  if (token === null) return null;
  const reads = readsFor(ctx);
  const answer = reads.cache.data(reads.key(tokenOwnerQuery, {}, token)) as { Viewer?: Account | null } | undefined;
  const viewer = answer?.Viewer;
  return viewer && Number.isInteger(viewer.id) && typeof viewer.name === 'string' ? { id: viewer.id, name: viewer.name } : null;
}

export interface Identity {
  /** The token's owner as AniList reported it; null without a token or before AniList was asked. */
  readonly owner: Account | null;
  /** The account signed in to the site (page storage): for display and navigation only. */
  readonly site: Account | null;
  /** Both known and different: the features that act as "you" are locked. */
  readonly mismatch: boolean;
}

export function identityOf(owner: Account | null, site: Account | null): Identity {
  return { owner, site, mismatch: owner !== null && site !== null && owner.id !== site.id };
}

/**
 * Whose activities and replies the edit and delete buttons are offered on: the token's owner's
 * (whose they are to change), or the site's account until AniList has said whose the token is.
 */
export const writerId = (identity: Identity): number | null => identity.owner?.id ?? identity.site?.id ?? null;

const lockReason = (owner: string, site: string) =>
  `VoidVerified is authorized for ${owner}, but ${site} is signed in to AniList here. Sign in to AniList as ${owner}, or authorize VoidVerified again as ${site}.`;

export const IDENTITY_TEXTS = {
  mismatch: (owner: string, site: string) =>
    `VoidVerified is authorized for ${owner}, but ${site} is signed in to AniList here. Features that act as you (self-message, reply with list update, the layout designer's publish) are locked until the two agree: sign in to AniList as ${owner} again, or authorize VoidVerified again as ${site}.`,
  /** A command run while locked. */
  locked: (title: string, owner: string, site: string) => `"${title}" is locked: ${lockReason(owner, site)}`,
  /** Controls of a panel, locked (`parts` reads as a plural subject). */
  partsLocked: (parts: string, owner: string, site: string) => `${parts} are locked: ${lockReason(owner, site)}`,
  refused: (owner: string, site: string) =>
    `Nothing was written: VoidVerified is authorized for ${owner}, but ${site} is signed in to AniList here.`,
};

/** The mismatch the user was last told about (per device, every tab): told once, forgotten once the accounts agree. */
export const identityNoticeKey = defineKey({
  name: 'void-verified-identity-notice',
  cap: fixedShape,
  description: 'The account mismatch (token owner, signed-in account) the user was last told about.',
  schema: s.nullable(s.object({ owner: s.number(), site: s.number() })),
  defaultValue: () => null as { owner: number; site: number } | null,
  exported: false,
});

/**
 * A mismatch is said once: the warning's text naming both accounts the first time this pair is
 * seen (its caller, the identity check, says it), undefined on later checks (other pages, other
 * tabs). When the accounts agree the notice is forgotten, so a later switch is said again. Without
 * an owner (not asked yet) nothing changes.
 */
export function noticeIdentity(store: Store, identity: Identity): string | undefined {
  if (!identity.owner) return undefined;
  const told = store.get(identityNoticeKey);
  if (!identity.mismatch || !identity.site) {
    if (told !== null) store.set(identityNoticeKey, null);
    return undefined;
  }
  if (told?.owner === identity.owner.id && told.site === identity.site.id) return undefined;
  store.set(identityNoticeKey, {
    owner: identity.owner.id,
    site: identity.site.id,
  });
  return IDENTITY_TEXTS.mismatch(identity.owner.name, identity.site.name);
}

/** A write refused because the site's account is not the token's owner. */
export class IdentityMismatchError extends Error {
  constructor(
    readonly owner: Account,
    readonly site: Account,
  ) {
    super(IDENTITY_TEXTS.refused(owner.name, site.name));
    this.name = 'IdentityMismatchError';
  }
}

/**
 * The account a write of "your" data goes to: the token's owner, asked of AniList (or its cached
 * answer). Refused when the site's signed-in account is another one: the user sees that account's
 * pages and would expect it to be written.
 */
export async function ownerForWrite(ctx: ReadContext, site: Account | null): Promise<Account> {
  const owner = await tokenOwner(ctx);
  if (site && site.id !== owner.id) throw new IdentityMismatchError(owner, { id: site.id, name: site.name });
  return owner;
}
