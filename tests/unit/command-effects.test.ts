import { parse, visit } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { features } from '../../src/commands/features';
import { bindingProblem } from '../../src/commands/hotkeys';
import { Registry } from '../../src/commands/registry';
import type { Command, CommandEffect } from '../../src/commands/types';
import { authKey } from '../../src/data/auth';
import { quickStartConfigKey, settingsKey } from '../../src/data/config';
import { IMAGE_HOST_SECRETS, imageHostConfigKey } from '../../src/data/image-hosts';
import { feedConfigKey } from '../../src/data/notifications/storage';
import { verifiedUsersKey } from '../../src/data/verified-users';
import { createMockApi, type RecordedRequest } from '../host/mock-api';
import { makeTestServices } from './helpers';

/**
 * Commands say what they do to the account (Command.effect), and the registry holds them to it:
 * every command is run, authorized and with every option on, against the mock API, and what it did
 * is watched from outside. One that sent a mutation (or reset AniList's notification count),
 * uploaded, or changed a stored credential must declare it; one that declares an effect must show
 * it. Issue 25: an imported file bound 'Publish layout' to ArrowDown, and nothing knew that the
 * command writes to the account.
 */

const api = createMockApi();
/** Requests that left for anywhere but the GraphQL API: uploads to the image hosts. */
const elsewhere: string[] = [];

beforeAll(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: unknown) => {
      elsewhere.push(String(input));
      return new Response('{}', { status: 500 });
    }),
  );
});
afterAll(() => vi.unstubAllGlobals());

/** The mock API as the GraphQL client's fetch. */
async function apiFetch(_url: unknown, init?: RequestInit): Promise<Response> {
  const headers = Object.fromEntries(new Headers(init?.headers).entries());
  const answer = await api.handle({ body: String(init?.body), headers });
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/** A request that changes the account: a mutation, or a read that resets AniList's unread count. */
function changesAccount(request: RecordedRequest): boolean {
  let changes = false;
  const variables = (request.variables ?? {}) as Record<string, unknown>;
  visit(parse(request.query), {
    OperationDefinition: (node) => void (node.operation === 'mutation' && (changes = true)),
    Argument: (node) => {
      if (node.name.value !== 'resetNotificationCount') return;
      const value = node.value;
      if ((value.kind === 'BooleanValue' && value.value) || (value.kind === 'Variable' && variables[value.name.value] === true))
        changes = true;
    },
  });
  return changes;
}

const registry = new Registry();
features.forEach((f) => registry.define(f));

/** Services with a valid token, every option on, on the viewer's own profile, with something in every list. */
function world() {
  api.reset();
  elsewhere.length = 0;
  const t = makeTestServices(registry, { fetch: apiFetch as typeof fetch, path: '/user/Viewer/', storedToken: true });
  t.client.limiter.delay = () => 0;
  t.store.set(authKey, { token: 'valid-token', expires: Date.now() + 86_400_000 });
  t.store.set(settingsKey, Object.fromEntries(registry.options().map((o) => [o.key, typeof o.default === 'boolean' ? true : o.default])));
  t.store.set(quickStartConfigKey, { ...quickStartConfigKey.defaultValue(), usersEnabled: true, notificationsEnabled: true });
  // 'Mark all as read' resets AniList's count too unless the feed is set to leave it.
  t.store.set(feedConfigKey, { ...feedConfigKey.defaultValue(), resetDefaultNotifications: false });
  t.store.set(verifiedUsersKey, [{ ...verifiedUsersKey.defaultValue()[0], username: 'Akira', quickAccessEnabled: true } as never]);
  const config = imageHostConfigKey.defaultValue();
  t.store.set(imageHostConfigKey, {
    ...config,
    configurations: { ...config.configurations, imgbb: { ...config.configurations.imgbb, apiKey: 'key' } },
  });
  return t;
}

/** Lets work a command started without awaiting it (a request on its way) come to an end. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** What running `command` did, seen from outside: the effects it showed. */
async function observe(command: Command): Promise<Set<CommandEffect>> {
  const t = world();
  // The credentials themselves: which image host is selected is a choice, not a credential.
  const hostSecrets = () =>
    IMAGE_HOST_SECRETS.flatMap((field) =>
      field.paths.map((path) =>
        path.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], t.store.get(imageHostConfigKey)),
      ),
    );
  const credentials = () => JSON.stringify([t.store.get(authKey), hostSecrets()]);
  const before = credentials();
  const ctx = t.services.context(null);
  const provided = t.services.registry.commands(ctx).find((c) => c.id === command.id) ?? command;
  try {
    await provided.run?.(ctx);
  } catch {
    // Failing is the registry test's business (it runs every command without throwing).
  }
  await settle();
  const seen = new Set<CommandEffect>();
  if (api.requests.some(changesAccount)) seen.add('account');
  if (elsewhere.length > 0 || credentials() !== before) seen.add('credential');
  return seen;
}

describe('commands declare what they do to the account', () => {
  const all = registry.commands(world().services.context(null));
  const observed = new Map<string, Set<CommandEffect>>();

  beforeAll(async () => {
    for (const command of all) if (command.run) observed.set(command.id, await observe(command));
  }, 60_000);

  it('reaches the writers: the harness is not blind', () => {
    expect([...observed.get('layout-designer.publish')!]).toEqual(['account']);
    expect([...observed.get('notifications.mark-all-read')!]).toEqual(['account']);
    expect([...observed.get('authorization.revoke')!]).toEqual(['credential']);
  });

  it('a command that writes to AniList or spends a credential when run declares it', () => {
    const undeclared = [...observed]
      .flatMap(([id, effects]) => [...effects].map((effect) => ({ id, effect })))
      .filter(({ id, effect }) => registry.command(id, world().services.context(null))?.effect !== effect)
      .map(({ id, effect }) => `${id} ran with effect '${effect}' but declares ${String(all.find((c) => c.id === id)?.effect)}`);
    expect(undeclared).toEqual([]);
  });

  it('a command that declares an effect shows it when run', () => {
    // The focused card's commands press that card's own control, and this world has no card: run
    // from the palette on a card, tests/e2e/activity-card.spec.ts sees their mutations.
    const idle = all
      .filter((c) => c.effect && !c.id.startsWith('activity-card.') && !observed.get(c.id)?.has(c.effect))
      .map((c) => `${c.id} declares '${c.effect}'`);
    expect(idle).toEqual([]);
  });

  it("a command built from state carries its feature's providedEffect, which the registry answers for its ids even before they are built", () => {
    const declared = new Set(registry.staticCommands().map((c) => c.id));
    expect(all.filter((c) => !declared.has(c.id) && c.effect !== registry.effectOf(c.id)).map((c) => c.id)).toEqual([]);
    expect(registry.effectOf('in-progress.add.21')).toBe('account');
    expect(registry.effectOf('verified-users.toggle.1')).toBeUndefined();
    const own = new Registry();
    own.define({
      id: 'plus',
      title: 'Plus',
      category: 'misc',
      description: 'Provides a writing command.',
      providedEffect: 'account',
      // A provided command cannot set its own effect: the feature's is what it gets.
      provideCommands: () => [{ id: 'plus.one', title: '+1', section: 'S', effect: 'credential', run: () => {} }],
    });
    expect(own.commands(world().services.context(null)).find((c) => c.id === 'plus.one')?.effect).toBe('account');
  });

  it('no default hotkey of such a command is a page-wide key without ctrl, alt or meta', () => {
    const bad = all.filter((c) => c.hotkey && bindingProblem(c, c.hotkey)).map((c) => `${c.id}: ${c.hotkey}`);
    expect(bad).toEqual([]);
  });
});
