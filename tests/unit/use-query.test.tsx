// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryBackend } from '../../src/data/backend';
import { MINUTE, query, type GqlDocument } from '../../src/data/graphql';
import { readsFor } from '../../src/data/swr';
import { Store } from '../../src/data/storage';
import { useQuery } from '../../src/panels/query';

/** useQuery reads through the store's one cache (the one `read` and `write` use), with no provider around the component. */

const aboutQuery = query<{ User: { about: string } }, { name: string }>(
  'query UseQueryAbout($name: String) { User(name: $name) { about } }',
  {
    lifetime: 5 * MINUTE,
  },
);

function ctxOf() {
  const asked: string[] = [];
  const client = {
    identity: () => 'id-a',
    async request<D, V>(doc: GqlDocument<D, V>, variables: V): Promise<D> {
      asked.push(`${doc.name} ${JSON.stringify(variables)}`);
      return { User: { about: 'from the API' } } as D;
    },
  };
  return { asked, ctx: { client, store: new Store(memoryBackend(), () => {}) } };
}

function About({ ctx, label }: { ctx: ReturnType<typeof ctxOf>['ctx']; label: string }) {
  const { data } = useQuery(ctx, aboutQuery, { name: 'x' });
  return <p>{`${label}: ${data?.User.about ?? '…'}`}</p>;
}

afterEach(cleanup);

describe('useQuery', () => {
  it('shows the answer of one request to every reader, without a provider around them', async () => {
    const { asked, ctx } = ctxOf();
    render(
      <>
        <About ctx={ctx} label="first" />
        <About ctx={ctx} label="second" />
      </>,
    );
    expect(await screen.findByText('first: from the API')).toBeTruthy();
    expect(screen.getByText('second: from the API')).toBeTruthy();
    expect(asked).toEqual(['UseQueryAbout {"name":"x"}']);
  });

  it('shows a write to a reader still mounted after the reader that came first unmounted', async () => {
    // A provider component used to ready the cache for SWR and, when the first of them unmounted,
    // unready it: the readers left no longer heard of writes.
    const { asked, ctx } = ctxOf();
    const first = render(<About ctx={ctx} label="first" />);
    await screen.findByText('first: from the API');
    render(<About ctx={ctx} label="second" />);
    expect(await screen.findByText('second: from the API')).toBeTruthy();
    first.unmount();
    act(() => readsFor(ctx).set(aboutQuery, { name: 'x' }, () => ({ User: { about: 'written here' } })));
    expect(await screen.findByText('second: written here')).toBeTruthy();
    expect(asked).toHaveLength(1);
  });

  it('starts no timer of its own that would hold a closed panel: no slow-load timer, no dedupe timer for the lifetime', async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      const { ctx } = ctxOf();
      const view = render(<About ctx={ctx} label="first" />);
      await screen.findByText('first: from the API');
      view.unmount();
      const delays = timers.mock.calls.map(([, delay]) => delay ?? 0);
      expect(delays).not.toContain(3_000);
      expect(delays).not.toContain(5 * MINUTE);
    } finally {
      timers.mockRestore();
    }
  });
});
