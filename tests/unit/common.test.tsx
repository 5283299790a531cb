// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { time } from '../../src/commands/features/time';
import { collapsedKey, withCollapsed } from '../../src/data/collapse';
import { timeConfigKey } from '../../src/data/dates';
import { Collapsible } from '../../src/panels/common/Collapsible';
import { ColorInput, parseHexColor } from '../../src/panels/common/ColorInput';
import { InAppLink } from '../../src/panels/common/InAppLink';
import { Modal } from '../../src/panels/common/Modal';
import { Pagination } from '../../src/panels/common/Pagination';
import { Tooltip } from '../../src/panels/common/Tooltip';
import { useFollowing } from '../../src/panels/common/useFollowing';
import { memoryBackend } from '../../src/data/backend';
import { Store } from '../../src/data/storage';
import type { GqlDocument } from '../../src/data/graphql';
import { TimeConfig } from '../../src/panels/time/TimeConfig';
import { panelHarness } from './panel-harness';

const setup = () => panelHarness([time]);

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

describe('InAppLink', () => {
  it("a plain click navigates through the host's router; a modified click is the browser's", () => {
    const navigate = vi.fn();
    const follow = vi.fn();
    render(
      <InAppLink ctx={{ route: { navigate } as never }} path="/user/Someone/" className="name" onFollow={follow}>
        Someone
      </InAppLink>,
    );
    const link = screen.getByRole('link', { name: 'Someone' });
    expect(link.getAttribute('href')).toBe('/user/Someone/');
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }]) {
      expect(fireEvent.click(link, modifier)).toBe(true); // not prevented: the browser opens the href
    }
    expect(navigate).not.toHaveBeenCalled();
    expect(fireEvent.click(link)).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/user/Someone/');
    expect(follow).toHaveBeenCalledTimes(5);
  });
});

describe('Pagination', () => {
  const pages = () => screen.queryAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);
  const skips = () => [screen.queryByRole('button', { name: 'First page' }), screen.queryByRole('button', { name: 'Last page' })];

  it.each([
    [2, false],
    [3, false],
    [4, true],
    [10, true],
  ])('with %i pages, skip buttons shown: %s', (lastPage, shown) => {
    render(<Pagination page={1} lastPage={lastPage} onChange={() => {}} />);
    expect(skips().map((b) => b !== null)).toEqual([shown, shown]);
  });

  it('shows nothing for a single page', () => {
    const { container } = render(<Pagination page={1} lastPage={1} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows the page numbers around the current one and marks it', () => {
    render(<Pagination page={5} lastPage={10} onChange={() => {}} />);
    expect(pages()).toEqual(['3', '4', '5', '6', '7']);
    expect(screen.getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Page 4' }).hasAttribute('aria-current')).toBe(false);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
  });

  it('clips the window at both ends', () => {
    const { rerender } = render(<Pagination page={1} lastPage={10} onChange={() => {}} />);
    expect(pages()).toEqual(['1', '2', '3']);
    rerender(<Pagination page={10} lastPage={10} onChange={() => {}} />);
    expect(pages()).toEqual(['8', '9', '10']);
  });

  it('skip buttons and page numbers call onChange; skips are disabled at their end', () => {
    function Paged() {
      const [page, setPage] = useState(3);
      return <Pagination page={page} lastPage={8} onChange={setPage} />;
    }
    render(<Paged />);
    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(screen.getByRole('button', { name: 'Page 8' }).getAttribute('aria-current')).toBe('page');
    expect((screen.getByRole('button', { name: 'Last page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect((screen.getByRole('button', { name: 'First page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('does not call onChange for the current page', () => {
    const onChange = vi.fn();
    render(<Pagination page={2} lastPage={5} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('Tooltip', () => {
  it('shows on hover, 5px above the trigger, and hides on leave', () => {
    const { wrap, container } = setup();
    render(
      wrap(
        <Tooltip content="Hello there">
          <button type="button">Trigger</button>
        </Tooltip>,
      ),
    );
    const trigger = screen.getByRole('button', { name: 'Trigger' });
    vi.spyOn(trigger.parentElement!, 'getBoundingClientRect').mockReturnValue({
      left: 100,
      top: 200,
      width: 40,
      height: 20,
      right: 140,
      bottom: 220,
      x: 100,
      y: 200,
      toJSON: () => ({}),
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseEnter(trigger.parentElement!);
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('Hello there');
    expect(container.contains(tip)).toBe(true); // portalled into our container
    expect(tip.style.left).toBe('120px');
    expect(tip.style.top).toBe('195px');
    expect(trigger.getAttribute('aria-describedby')).toBe(tip.id);
    fireEvent.mouseLeave(trigger.parentElement!);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(trigger.hasAttribute('aria-describedby')).toBe(false);
  });

  it('shows on keyboard focus, hides on blur and on Escape', () => {
    const { wrap } = setup();
    render(
      wrap(
        <Tooltip content="Tip">
          <button type="button">Trigger</button>
        </Tooltip>,
      ),
    );
    const trigger = screen.getByRole('button', { name: 'Trigger' });
    act(() => trigger.focus());
    expect(screen.getByRole('tooltip').textContent).toBe('Tip');
    act(() => trigger.blur());
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => trigger.focus());
    fireEvent.keyDown(trigger, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

describe('ColorInput', () => {
  function Controlled({ initial, onSave }: { initial: string; onSave: (v: string) => void }) {
    const [value, setValue] = useState(initial);
    return (
      <ColorInput
        label="Highlight colour"
        value={value}
        onChange={(v) => {
          onSave(v);
          setValue(v);
        }}
      />
    );
  }
  const field = () => screen.getByLabelText('Highlight colour') as HTMLInputElement;

  it('parses hex colours', () => {
    expect(parseHexColor('#3DB4F2')).toBe('#3db4f2');
    expect(parseHexColor('3db4f2')).toBe('#3db4f2');
    expect(parseHexColor('')).toBe('');
    expect(parseHexColor('#')).toBe('');
    expect(parseHexColor('#3db4f')).toBeNull();
    expect(parseHexColor('#zzzzzz')).toBeNull();
    expect(parseHexColor('red')).toBeNull();
  });

  it("shows '#' when empty", () => {
    render(<Controlled initial="" onSave={() => {}} />);
    expect(field().value).toBe('');
    expect(field().placeholder).toBe('#');
  });

  it('saves a valid colour, normalised', () => {
    const onSave = vi.fn();
    render(<Controlled initial="" onSave={onSave} />);
    fireEvent.change(field(), { target: { value: '#AABBCC' } });
    expect(onSave).toHaveBeenLastCalledWith('#aabbcc');
    expect(field().getAttribute('aria-invalid')).toBeNull();
    expect((screen.getByLabelText('Highlight colour picker') as HTMLInputElement).value).toBe('#aabbcc');
  });

  it('flags invalid hex and does not save it', () => {
    const onSave = vi.fn();
    render(<Controlled initial="#112233" onSave={onSave} />);
    fireEvent.change(field(), { target: { value: '#12345g' } });
    fireEvent.blur(field());
    expect(onSave).not.toHaveBeenCalled();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toMatch(/Not a colour/);
    // Fixing it clears the error and saves.
    fireEvent.change(field(), { target: { value: '#123456' } });
    expect(onSave).toHaveBeenLastCalledWith('#123456');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clearing saves the empty value; the picker sets the text', () => {
    const onSave = vi.fn();
    render(<Controlled initial="#112233" onSave={onSave} />);
    fireEvent.change(field(), { target: { value: '' } });
    expect(onSave).toHaveBeenLastCalledWith('');
    fireEvent.change(screen.getByLabelText('Highlight colour picker'), { target: { value: '#ff0000' } });
    expect(onSave).toHaveBeenLastCalledWith('#ff0000');
    expect(field().value).toBe('#ff0000');
  });
});

describe('Collapsible', () => {
  it('collapses from its header and stays collapsed across remounts with the same id', () => {
    const { wrap, store, services } = setup();
    const view = render(
      wrap(
        <Collapsible ctx={services} id="goals" title="Goals">
          <p>Body</p>
        </Collapsible>,
      ),
    );
    const header = screen.getByRole('button', { name: /Goals/ });
    expect(header.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Body').parentElement!.hidden).toBe(false);
    fireEvent.click(header);
    expect(header.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('Body').parentElement!.hidden).toBe(true);
    expect(store.get(collapsedKey)).toEqual({ goals: true });
    view.unmount();

    render(
      wrap(
        <Collapsible ctx={services} id="goals" title="Goals again">
          <p>Body</p>
        </Collapsible>,
      ),
    );
    expect(screen.getByRole('button', { name: /Goals again/ }).getAttribute('aria-expanded')).toBe('false');
    cleanup();
    render(
      wrap(
        <Collapsible ctx={services} id="other" title="Other">
          <p>Body</p>
        </Collapsible>,
      ),
    );
    expect(screen.getByRole('button', { name: /Other/ }).getAttribute('aria-expanded')).toBe('true');
  });

  it('expands when content is added, not for the content it starts with', () => {
    const { wrap, store, services } = setup();
    store.set(collapsedKey, { feed: true });
    const Box = ({ ids }: { ids: number[] }) => (
      <Collapsible ctx={services} id="feed" title="Feed" content={ids}>
        {ids.map((id) => (
          <p key={id}>item {id}</p>
        ))}
      </Collapsible>
    );
    const view = render(wrap(<Box ids={[1, 2]} />));
    const header = screen.getByRole('button', { name: /Feed/ });
    // What a page load brings back stays folded.
    expect(header.getAttribute('aria-expanded')).toBe('false');
    view.rerender(wrap(<Box ids={[2, 1]} />));
    expect(header.getAttribute('aria-expanded')).toBe('false');
    view.rerender(wrap(<Box ids={[1, 2, 3]} />));
    expect(header.getAttribute('aria-expanded')).toBe('true');
    expect(store.get(collapsedKey)).toEqual({});
    // Folded again by hand, removing content does not open it.
    fireEvent.click(header);
    view.rerender(wrap(<Box ids={[1]} />));
    expect(header.getAttribute('aria-expanded')).toBe('false');
  });

  it('can leave its state to its owner', () => {
    const { wrap, store, services } = setup();
    const changes: boolean[] = [];
    render(
      wrap(
        <Collapsible
          ctx={services}
          id="owned"
          title="Owned"
          collapsed={false}
          onCollapsedChange={(c) => changes.push(c)}
          actions={<button type="button">Act</button>}
        >
          <p>Body</p>
        </Collapsible>,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: /Owned/ }));
    expect(changes).toEqual([true]);
    expect(store.get(collapsedKey)).toEqual({});
    expect(screen.getByRole('button', { name: 'Act' })).toBeTruthy();
  });

  it('stores only what differs from the default', () => {
    const { wrap, store, services } = setup();
    render(
      wrap(
        <Collapsible ctx={services} id="a" title="A" defaultCollapsed>
          <p>Body</p>
        </Collapsible>,
      ),
    );
    const header = screen.getByRole('button', { name: /A/ });
    expect(header.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(header);
    expect(store.get(collapsedKey)).toEqual({ a: false });
    fireEvent.click(header);
    expect(store.get(collapsedKey)).toEqual({});
  });

  it('is a per-device key, left out of exports, and capped', () => {
    expect(collapsedKey.exported).toBe(false);
    expect(collapsedKey.name).toBe('void-verified-collapsed-containers');
    const store = new Store(memoryBackend(), () => {});
    for (let i = 0; i < 505; i++) store.update(collapsedKey, (record) => withCollapsed(record, `c${i}`, true));
    expect(Object.keys(store.get(collapsedKey))).toHaveLength(500);
    expect(store.get(collapsedKey).c0).toBeUndefined();
    expect(store.get(collapsedKey).c504).toBe(true);
  });
});

describe('Modal', () => {
  function Opener() {
    const [open, setOpen] = useState(false);
    return (
      <Modal open={open} onOpenChange={setOpen} title="Example" trigger={<button type="button">Open it</button>}>
        <p>Modal body</p>
      </Modal>
    );
  }

  it('opens from its trigger into our container and closes with its close button', () => {
    const { wrap, container } = setup();
    render(wrap(<Opener />));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open it' }));
    const dialog = screen.getByRole('dialog', { name: 'Example' });
    expect(container.contains(dialog)).toBe(true);
    expect(dialog.textContent).toContain('Modal body');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on Escape', () => {
    const { wrap } = setup();
    render(wrap(<Opener />));
    fireEvent.click(screen.getByRole('button', { name: 'Open it' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('TimeConfig', () => {
  it('stores the date format and the 12-hour toggle, and shows an example', () => {
    const { wrap, services, store } = setup();
    render(wrap(<TimeConfig ctx={services.context(null)} />));
    expect(screen.getByRole('heading', { name: 'Time Format Configuration' })).toBeTruthy();
    const example = screen.getByTestId('time-example');
    expect(example.textContent).toMatch(/^\d\d\/\d\d\/\d{4} \d{1,2}:\d\d [AP]M$/);
    fireEvent.change(screen.getByLabelText('Date format'), { target: { value: 'dd.mm.yyyy' } });
    fireEvent.click(screen.getByLabelText('12-hour'));
    expect(store.get(timeConfigKey)).toEqual({ dateFormat: 'dd.mm.yyyy', use12HourFormat: false });
    expect(example.textContent).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
  });

  it('is registered as the time settings tab and a palette page', () => {
    const { services } = setup();
    const ctx = services.context(null);
    expect(services.registry.panel('time.tab', 'settings-tab')?.title).toBe('time');
    expect(services.registry.panel('time.config', 'palette-page')?.title).toBe('Time Format Configuration');
    expect(services.registry.commands(ctx).find((c) => c.id === 'time.configure')?.page).toBe('time.config');
  });
});

describe('useFollowing', () => {
  /** A client whose Following answers wait for `answer()`; an aborted request counts as sent. */
  function following() {
    const sent: { page: number; aborted: boolean }[] = [];
    const waiting: { resolve(): void; reject(error: unknown): void }[] = [];
    const client = {
      identity: () => 'viewer',
      request<D, V>(_doc: GqlDocument<D, V>, variables: V, init: { signal?: AbortSignal } = {}): Promise<D> {
        const record = { page: (variables as { page: number }).page, aborted: false };
        sent.push(record);
        return new Promise<D>((resolve, reject) => {
          init.signal?.addEventListener('abort', () => {
            record.aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          });
          waiting.push({
            resolve: () => resolve({ Page: { pageInfo: { hasNextPage: false }, following: [{ id: 7, name: 'Lain', avatar: null }] } } as D),
            reject,
          });
        });
      },
    };
    const toasts = { error: vi.fn() };
    const ctx = { client, store: new Store(memoryBackend(), () => {}), toasts, viewer: { id: 1 } } as never;
    const settle = async (fail = false) => {
      await act(async () => {
        for (const w of waiting.splice(0)) {
          if (fail) w.reject(new Error('down'));
          else w.resolve();
        }
        await new Promise((r) => setTimeout(r, 0));
      });
    };
    return { ctx, sent, toasts, settle };
  }

  it('a box closed before the answer came leaves it for the next box, which asks nothing', async () => {
    const { ctx, sent, settle } = following();
    renderHook(() => useFollowing(ctx)).unmount();
    await settle();
    const next = renderHook(() => useFollowing(ctx));
    await settle();
    expect(next.result.current.map((u) => u.name)).toEqual(['Lain']);
    expect(sent).toEqual([{ page: 1, aborted: false }]);
  });

  it('boxes open together ask once and say a failure once; the next box asks again', async () => {
    const { ctx, sent, toasts, settle } = following();
    const boxes = [renderHook(() => useFollowing(ctx)), renderHook(() => useFollowing(ctx))];
    await settle(true);
    expect(boxes.map((b) => b.result.current)).toEqual([[], []]);
    expect(toasts.error.mock.calls).toEqual([['Failed to query followed users.', undefined]]);
    const next = renderHook(() => useFollowing(ctx));
    await settle();
    expect(next.result.current.map((u) => u.name)).toEqual(['Lain']);
    expect(sent).toHaveLength(2);
  });
});
