import { describe, expect, it } from 'vitest';
import { selfMessage } from '../../src/commands/features/self-message';
import { Registry } from '../../src/commands/registry';
import { authKey } from '../../src/data/auth';
import { memoryBackend } from '../../src/data/backend';
import type { GqlDocument } from '../../src/data/graphql';
import {
  cachedOwner,
  IDENTITY_TEXTS,
  IdentityMismatchError,
  identityNoticeKey,
  identityOf,
  noticeIdentity,
  OWNER_LIFETIME,
  ownerForWrite,
  tokenOwner,
  tokenOwnerQuery,
} from '../../src/data/identity';
import { Store } from '../../src/data/storage';
import { read } from '../../src/data/swr';
import { makeTestServices } from './helpers';

/** Whose data a write changes: the token's owner as AniList reports it, not the page's signed-in account. */

const VIEWER = { id: 1, name: 'Viewer' };
const AKIRA = { id: 2, name: 'Akira' };

/** A client whose tokens belong to the given accounts; it records what it was asked, with which token. */
function apiOf(owners: Record<string, { id: number; name: string }>, stored: string | null = 'viewer-token') {
  const calls: { name: string; token: string | null; variables: unknown }[] = [];
  const client = {
    identity: (token: string | null = stored) => (token ? `id-${token}` : 'anon'),
    async request<D, V>(doc: GqlDocument<D, V>, variables: V, init: { token?: string } = {}): Promise<D> {
      const token = init.token ?? stored;
      calls.push({ name: doc.name, token, variables });
      const owner = token ? owners[token] : undefined;
      if (doc.name === 'TokenViewer') return { Viewer: owner ?? null } as D;
      if (doc.name === 'SaveMessageActivity') return { SaveMessageActivity: { id: 99 } } as D;
      throw new Error(`unexpected ${doc.name}`);
    },
  };
  return { ctx: { client, store: new Store(memoryBackend(), () => {}) }, calls };
}

describe("the token's owner", () => {
  it('is asked of AniList once per token and kept for a stated lifetime', async () => {
    expect(tokenOwnerQuery).toMatchObject({ name: 'TokenViewer', auth: true, lifetime: OWNER_LIFETIME });
    expect(OWNER_LIFETIME).toBeGreaterThanOrEqual(30 * 60_000);
    expect(tokenOwnerQuery.source).toBe('query TokenViewer { Viewer { id name } }');
    const { ctx, calls } = apiOf({ 'viewer-token': VIEWER, 'akira-token': AKIRA });
    expect(await tokenOwner(ctx)).toEqual(VIEWER);
    expect(await tokenOwner(ctx)).toEqual(VIEWER);
    expect(calls).toHaveLength(1);
    // Another token is another owner, asked with that token and cached under it.
    expect(await tokenOwner(ctx, { token: 'akira-token' })).toEqual(AKIRA);
    expect(calls.map((c) => c.token)).toEqual(['viewer-token', 'akira-token']);
    expect(cachedOwner(ctx)).toEqual(VIEWER);
    expect(cachedOwner(ctx, 'akira-token')).toEqual(AKIRA);
    expect(cachedOwner(ctx, 'unknown-token')).toBeNull();
    expect(cachedOwner(ctx, null)).toBeNull();
  });

  it('is an error when AniList names nobody for the token', async () => {
    const { ctx } = apiOf({});
    await expect(tokenOwner(ctx)).rejects.toThrow('AniList did not say whose the token is.');
  });
});

describe('the identity of writes', () => {
  it('differs only when both accounts are known and are not the same', () => {
    expect(identityOf(VIEWER, AKIRA).mismatch).toBe(true);
    expect(identityOf(VIEWER, { ...VIEWER, name: 'renamed' }).mismatch).toBe(false);
    expect(identityOf(VIEWER, null).mismatch).toBe(false);
    expect(identityOf(null, AKIRA).mismatch).toBe(false);
  });

  it('a mismatch is said once, naming both accounts, and again only after they agreed in between', () => {
    const store = new Store(memoryBackend(), () => {});
    const said = noticeIdentity(store, identityOf(VIEWER, AKIRA));
    expect(said).toBe(IDENTITY_TEXTS.mismatch('Viewer', 'Akira'));
    expect(said).toContain('VoidVerified is authorized for Viewer, but Akira is signed in to AniList here.');
    expect(noticeIdentity(store, identityOf(VIEWER, AKIRA))).toBeUndefined();
    // Another tab of the same device has been told too (the notice is stored).
    const otherTab = new Store(store.backend, () => {});
    expect(noticeIdentity(otherTab, identityOf(VIEWER, AKIRA))).toBeUndefined();
    expect(noticeIdentity(store, identityOf(VIEWER, VIEWER))).toBeUndefined();
    expect(store.get(identityNoticeKey)).toBeNull();
    expect(noticeIdentity(store, identityOf(VIEWER, AKIRA))).toBe(said);
    expect(identityNoticeKey.exported).toBe(false);
  });

  it("a write goes to the token's owner, and is refused when the site's account is another", async () => {
    const { ctx, calls } = apiOf({ 'viewer-token': VIEWER });
    expect(await ownerForWrite(ctx, null)).toEqual(VIEWER);
    expect(await ownerForWrite(ctx, VIEWER)).toEqual(VIEWER);
    const refused = await ownerForWrite(ctx, AKIRA).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IdentityMismatchError);
    expect((refused as Error).message).toBe(
      'Nothing was written: VoidVerified is authorized for Viewer, but Akira is signed in to AniList here.',
    );
    expect(calls.filter((c) => c.name !== 'TokenViewer')).toEqual([]);
  });
});

describe('features that act as "you"', () => {
  const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  /** Services with a stored token whose owner AniList says is Viewer, and the page signed in as `site`. */
  async function setUp(site: { id: number; name: string } | null) {
    const registry = new Registry();
    registry.define(selfMessage);
    const path = site ? `/user/${site.name}/` : '/home';
    const made = makeTestServices(registry, { path, viewer: site, fetch: async () => answer({ data: { Viewer: VIEWER } }) });
    made.store.set(authKey, { token: 'viewer-token', expires: null });
    made.services.settings.set('selfMessageEnabled', true);
    await read(made.services, tokenOwnerQuery, {}, { token: 'viewer-token' });
    return { ...made, registry };
  }

  it('are locked while the site is signed in as another account than the token is for, and say why when run', async () => {
    const { services, registry, toastsSeen, navigations } = await setUp(AKIRA);
    const ctx = services.context(null);
    expect(ctx.identity).toEqual({ owner: VIEWER, site: AKIRA, mismatch: true });
    const injection = selfMessage.injections![0]!;
    expect(injection.actsAsYou).toBe(true);
    expect(registry.allows(injection, ctx)).toBe(false);
    await services.run('self-message.open');
    expect(toastsSeen.map((t) => t.message)).toContain(IDENTITY_TEXTS.locked('Message yourself…', 'Viewer', 'Akira'));
    expect(navigations).toEqual([]);
  });

  it('are not locked when the accounts agree, or nobody is signed in to the site', async () => {
    const same = await setUp(VIEWER);
    expect(same.services.context(null).identity.mismatch).toBe(false);
    expect(same.registry.allows(selfMessage.injections![0]!, same.services.context(null))).toBe(true);
    const nobody = await setUp(null);
    expect(nobody.services.context(null).identity).toEqual({ owner: VIEWER, site: null, mismatch: false });
  });
});
