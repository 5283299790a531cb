// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Registry } from '../../src/commands/registry';
import { quickAccessThrottle } from '../../src/data/notifications/loading';
import { QuickAccessNotifications } from '../../src/panels/notifications/QuickAccessNotifications';
import { Providers } from '../../src/panels/overlay';
import { makeTestServices } from './helpers';

/** The home panel's newest notifications, through the paged read: asked once, aborted with the panel, shown again on a remount. */

const following = (id: number) => ({
  __typename: 'FollowingNotification',
  id,
  type: 'FOLLOWING',
  createdAt: 100,
  context: ' started following you.',
  user: { id: 7, name: 'Akira', avatar: { large: null } },
});
const answer = () =>
  new Response(JSON.stringify({ data: { Page: { pageInfo: { currentPage: 1, hasNextPage: false }, notifications: [following(5)] } } }), {
    status: 200,
  });

function setup(fetch: (signal: AbortSignal | null | undefined) => Promise<Response>) {
  const sent: (AbortSignal | null | undefined)[] = [];
  const t = makeTestServices(new Registry(), {
    fetch: async (_url, init) => {
      sent.push(init?.signal);
      return fetch(init?.signal);
    },
    token: 'tok',
  });
  const container = document.createElement('div');
  document.body.append(container);
  const mount = () =>
    render(
      <Providers services={t.services} container={container} name="test">
        <QuickAccessNotifications ctx={t.services.context(null)} />
      </Providers>,
    );
  return { ...t, sent, mount };
}

describe('quick access notifications', () => {
  beforeEach(() => quickAccessThrottle.reset());
  afterEach(() => {
    cleanup();
    quickAccessThrottle.reset();
  });

  it('the request in flight is aborted when the panel goes, and a remount asks at once', async () => {
    const t = setup((signal) => new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason))));
    const first = t.mount();
    await waitFor(() => expect(t.sent).toHaveLength(1));
    first.unmount();
    expect(t.sent[0]!.aborted).toBe(true);
    t.mount();
    await waitFor(() => expect(t.sent).toHaveLength(2));
    expect(t.toastsSeen.filter((toast) => toast.type === 'error')).toEqual([]);
  });

  it('a remount within 3 minutes shows the page it showed without asking', async () => {
    const t = setup(async () => answer());
    const first = t.mount();
    await screen.findByText(/Akira/);
    expect(t.sent).toHaveLength(1);
    first.unmount();
    t.mount();
    await screen.findByText(/Akira/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.sent).toHaveLength(1);
  });
});
