// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PagedReadOptions } from '../../src/data/swr-hooks';
import { usePagedRead, useRead } from '../../src/panels/query';

/** A page of a list: its items, and whether another follows. */
interface Page {
  items: string[];
  more: boolean;
}

/** Answers the test settles by hand: `asked` lists what was asked, in order, with its settle functions. */
function pagesByHand() {
  const asked: { key: string; n: number; signal: AbortSignal; answer(page: Page): void; fail(error: unknown): void }[] = [];
  const page = (key: string) => (n: number, signal: AbortSignal) =>
    new Promise<Page>((answer, fail) => {
      asked.push({ key, n, signal, answer, fail });
      signal.addEventListener('abort', () => fail(new DOMException('aborted', 'AbortError')));
    });
  return { asked, page };
}

const toasts = { error: vi.fn(), warning: vi.fn(), debug: vi.fn() };

function List({ listKey, page, initial, keep }: { listKey: string; page: PagedReadOptions<Page>['page']; initial?: Page; keep?: string }) {
  const list = usePagedRead(listKey, {
    page,
    hasNext: (p) => p.more,
    failure: { toasts, report: (n) => ({ toast: `page ${n} failed`, log: 'test list', detail: false }) },
    ...(initial ? { initial } : {}),
    ...(keep ? { keep } : {}),
  });
  return (
    <div>
      <ul>
        {list.pages
          .flatMap((p) => p.items)
          .map((item) => (
            <li key={item}>{item}</li>
          ))}
      </ul>
      <p>{list.busy ? 'busy' : 'idle'}</p>
      {list.failed && <p>failed</p>}
      {list.hasNext && (
        <button type="button" onClick={list.loadMore}>
          Load More
        </button>
      )}
      <button type="button" onClick={list.reload}>
        Reload
      </button>
      <button type="button" onClick={() => list.edit((pages) => pages.map((p) => ({ ...p, items: p.items.filter((i) => i !== 'a1') })))}>
        Remove a1
      </button>
    </div>
  );
}

const items = () => screen.queryAllByRole('listitem').map((li) => li.textContent);
const settle = () => act(async () => {});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('usePagedRead', () => {
  it('asks page 1 on mount and the next page on Load More, appending it', async () => {
    const { asked, page } = pagesByHand();
    render(<List listKey="a" page={page('a')} />);
    await settle();
    expect(asked.map((a) => a.n)).toEqual([1]);
    expect(screen.getByText('busy')).toBeTruthy();
    await act(async () => asked[0]!.answer({ items: ['a1', 'a2'], more: true }));
    expect(items()).toEqual(['a1', 'a2']);
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await settle();
    // Page 1 is not asked again: only the new page.
    expect(asked.map((a) => a.n)).toEqual([1, 2]);
    await act(async () => asked[1]!.answer({ items: ['a3'], more: false }));
    expect(items()).toEqual(['a1', 'a2', 'a3']);
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('a new key empties the list, aborts what the previous key asked, and never shows its answer', async () => {
    const { asked, page } = pagesByHand();
    const { rerender } = render(<List listKey="a" page={page('a')} />);
    await settle();
    rerender(<List listKey="b" page={page('b')} />);
    await settle();
    expect(asked.map((a) => a.key)).toEqual(['a', 'b']);
    expect(asked[0]!.signal.aborted).toBe(true);
    // Even an answer that arrives anyway is not shown for the new key.
    await act(async () => asked[0]!.answer({ items: ['a1'], more: false }));
    expect(items()).toEqual([]);
    await act(async () => asked[1]!.answer({ items: ['b1'], more: false }));
    expect(items()).toEqual(['b1']);
    // Back to the first key: asked again from page 1, not shown from before.
    rerender(<List listKey="a" page={page('a')} />);
    await settle();
    expect(items()).toEqual([]);
    expect(asked.map((a) => `${a.key}${a.n}`)).toEqual(['a1', 'b1', 'a1']);
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('a reload keeps the pages shown until page 1 came again, then shows only it', async () => {
    const { asked, page } = pagesByHand();
    render(<List listKey="a" page={page('a')} />);
    await settle();
    await act(async () => asked[0]!.answer({ items: ['a1'], more: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await settle();
    await act(async () => asked[1]!.answer({ items: ['a2'], more: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await settle();
    expect(items()).toEqual(['a1', 'a2']);
    expect(asked.map((a) => a.n)).toEqual([1, 2, 1]);
    await act(async () => asked[2]!.answer({ items: ['a0', 'a1'], more: true }));
    expect(items()).toEqual(['a0', 'a1']);
  });

  it('a failed page is reported once, keeps the pages, and Load More asks it again', async () => {
    const { asked, page } = pagesByHand();
    render(<List listKey="a" page={page('a')} />);
    await settle();
    await act(async () => asked[0]!.answer({ items: ['a1'], more: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await settle();
    await act(async () => asked[1]!.fail(new Error('HTTP 500')));
    expect(toasts.error).toHaveBeenCalledWith('page 2 failed', undefined);
    expect(toasts.error).toHaveBeenCalledTimes(1);
    expect(screen.getByText('failed')).toBeTruthy();
    expect(items()).toEqual(['a1']);
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await settle();
    expect(asked.map((a) => a.n)).toEqual([1, 2, 2]);
    await act(async () => asked[2]!.answer({ items: ['a2'], more: false }));
    expect(items()).toEqual(['a1', 'a2']);
  });

  it('an initial page is shown without asking; an edit stays when the next page comes', async () => {
    const { asked, page } = pagesByHand();
    render(<List listKey="a" page={page('a')} initial={{ items: ['a1', 'a2'], more: true }} />);
    await settle();
    expect(items()).toEqual(['a1', 'a2']);
    expect(asked).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove a1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await settle();
    expect(asked.map((a) => a.n)).toEqual([2]);
    await act(async () => asked[0]!.answer({ items: ['a3'], more: false }));
    expect(items()).toEqual(['a2', 'a3']);
  });

  it('an unmount aborts what is in flight and reports nothing', async () => {
    const { asked, page } = pagesByHand();
    const { unmount } = render(<List listKey="a" page={page('a')} />);
    await settle();
    unmount();
    await settle();
    expect(asked[0]!.signal.aborted).toBe(true);
    expect(toasts.error).not.toHaveBeenCalled();
  });
  it('a kept list outlives its component: shown again on its key without asking, Load More goes on; another key forgets it', async () => {
    const { asked, page } = pagesByHand();
    const first = render(<List listKey="k" page={page('k')} keep="test" />);
    await settle();
    await act(async () => asked[0]!.answer({ items: ['k1'], more: true }));
    first.unmount();
    const second = render(<List listKey="k" page={page('k')} keep="test" />);
    await settle();
    expect(items()).toEqual(['k1']);
    expect(asked).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await settle();
    expect(asked.map((a) => a.n)).toEqual([1, 2]);
    await act(async () => asked[1]!.answer({ items: ['k2'], more: false }));
    second.unmount();
    const third = render(<List listKey="other" page={page('other')} keep="test" />);
    await settle();
    expect(items()).toEqual([]);
    expect(asked.map((a) => a.key)).toEqual(['k', 'k', 'other']);
    third.unmount();
    // Back on the first key: its pages were forgotten, so page 1 is asked again.
    render(<List listKey="k" page={page('k')} keep="test" />);
    await settle();
    expect(items()).toEqual([]);
    expect(asked.map((a) => a.key)).toEqual(['k', 'k', 'other', 'k']);
  });
  it('a kept list is not aborted when its component goes: the page comes meanwhile and shows when it is back, asked once', async () => {
    const { asked, page } = pagesByHand();
    const first = render(<List listKey="away" page={page('away')} keep="test-away" />);
    await settle();
    first.unmount();
    expect(asked[0]!.signal.aborted).toBe(false);
    await act(async () => asked[0]!.answer({ items: ['w1'], more: false }));
    render(<List listKey="away" page={page('away')} keep="test-away" />);
    await settle();
    expect(items()).toEqual(['w1']);
    expect(asked).toHaveLength(1);
  });
});

function One({ id, page }: { id: string | null; page: PagedReadOptions<Page>['page'] }) {
  const one = useRead(id, {
    read: (signal) => page(1, signal),
    failure: { toasts, report: () => ({ toast: 'read failed', log: 'test read', detail: false }) },
  });
  return <p>{one.settled ? (one.failed ? 'failed' : (one.data?.items.join(',') ?? 'none')) : one.busy ? 'busy' : 'waiting'}</p>;
}

describe('useRead', () => {
  it('asks once per key, aborts the previous key and never shows its answer; null asks nothing', async () => {
    const { asked, page } = pagesByHand();
    const { rerender } = render(<One id={null} page={page('-')} />);
    await settle();
    expect(asked).toHaveLength(0);
    expect(screen.getByText('waiting')).toBeTruthy();
    rerender(<One id="a" page={page('a')} />);
    await settle();
    expect(screen.getByText('busy')).toBeTruthy();
    rerender(<One id="b" page={page('b')} />);
    await settle();
    expect(asked.map((a) => [a.key, a.signal.aborted])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    await act(async () => asked[1]!.answer({ items: ['b1'], more: false }));
    expect(screen.getByText('b1')).toBeTruthy();
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('reports a failure once and says it failed', async () => {
    const { asked, page } = pagesByHand();
    render(<One id="a" page={page('a')} />);
    await settle();
    await act(async () => asked[0]!.fail(new Error('down')));
    expect(screen.getByText('failed')).toBeTruthy();
    expect(toasts.error).toHaveBeenCalledTimes(1);
    expect(toasts.error).toHaveBeenCalledWith('read failed', undefined);
  });
});
