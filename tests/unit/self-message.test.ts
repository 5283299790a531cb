import { describe, expect, it } from 'vitest';
import { Registry } from '../../src/commands/registry';
import { selfMessage } from '../../src/commands/features/self-message';
import type { GqlDocument } from '../../src/data/graphql';
import { IdentityMismatchError, tokenOwnerQuery } from '../../src/data/identity';
import { memoryBackend } from '../../src/data/backend';
import { publishToOwner, saveSelfMessage } from '../../src/data/self-message';
import { Store } from '../../src/data/storage';
import { read } from '../../src/data/swr';
import { makeTestServices } from './helpers';

describe('the self-message feature', () => {
  const registry = new Registry();
  registry.define(selfMessage);

  it('offers "Message yourself…" only on the own profile with the option on', () => {
    const command = registry.command('self-message.open')!;
    expect(command.authRequired).toBe(true);
    const at = (path: string, on: boolean, viewer: { id: number; name: string } | null = { id: 1, name: 'Viewer' }) => {
      const { services } = makeTestServices(registry, { path, viewer });
      if (on) services.settings.set('selfMessageEnabled', true);
      return registry.allows(command, services.context(null));
    };
    expect(at('/user/viewer/', true)).toBe(true);
    expect(at('/user/Viewer/animelist', true)).toBe(true);
    expect(at('/user/Viewer/', false)).toBe(false);
    expect(at('/user/Akira/', true)).toBe(false);
    expect(at('/home', true)).toBe(false);
    expect(at('/user/Viewer/', true, null)).toBe(false);
  });

  it('publishes to the viewer with private false (the document asks for the id)', () => {
    expect(saveSelfMessage).toMatchObject({ name: 'SaveMessageActivity', auth: true });
    expect(saveSelfMessage.source).toMatch(
      /SaveMessageActivity\(message: \$message, recipientId: \$recipientId, private: \$private\) \{ id \}/,
    );
  });
});

describe('whose feed the self message goes to', () => {
  const VIEWER = { id: 1, name: 'Viewer' };
  const AKIRA = { id: 2, name: 'Akira' };

  it("is the token's owner as AniList reports them, never the account the page names", async () => {
    const calls: { name: string; variables: unknown }[] = [];
    const client = {
      identity: () => 'id-viewer-token',
      async request<D, V>(doc: GqlDocument<D, V>, variables: V): Promise<D> {
        calls.push({ name: doc.name, variables });
        return (doc.name === 'TokenViewer' ? { Viewer: VIEWER } : { SaveMessageActivity: { id: 99 } }) as D;
      },
    };
    const ctx = { client, store: new Store(memoryBackend(), () => {}) };
    expect(await publishToOwner(ctx, 'note to self', VIEWER)).toBe(99);
    expect(calls.find((c) => c.name === 'SaveMessageActivity')?.variables).toEqual({
      message: 'note to self',
      recipientId: 1,
      private: false,
    });
    // The page says Akira is signed in: "to yourself" would post Viewer's message onto Akira's profile.
    await expect(publishToOwner(ctx, 'note to self', AKIRA)).rejects.toBeInstanceOf(IdentityMismatchError);
    expect(calls.filter((c) => c.name === 'SaveMessageActivity')).toHaveLength(1);
  });

  it('is locked, saying why, while the page is signed in as another account than the token is for', async () => {
    const registry = new Registry();
    registry.define(selfMessage);
    const answer = new Response(JSON.stringify({ data: { Viewer: VIEWER } }), { status: 200 });
    const { services, toastsSeen, navigations } = makeTestServices(registry, {
      path: '/user/Akira/',
      viewer: AKIRA,
      token: 'viewer-token',
      fetch: async () => answer.clone(),
    });
    services.settings.set('selfMessageEnabled', true);
    await read(services, tokenOwnerQuery, {});
    const command = registry.command('self-message.open')!;
    expect(command.actsAsYou).toBe(true);
    // "Your own profile" as the page says: listed (with its lock), but running it only explains.
    expect(registry.allows(command, services.context(null))).toBe(true);
    expect(registry.allows(selfMessage.injections![0]!, services.context(null))).toBe(false);
    await services.run(command.id);
    expect(toastsSeen.map((t) => t.message)).toContain(
      '"Message yourself…" is locked: VoidVerified is authorized for Viewer, but Akira is signed in to AniList here. Sign in to AniList as Viewer, or authorize VoidVerified again as Akira.',
    );
    expect(navigations).toEqual([]);
  });
});
