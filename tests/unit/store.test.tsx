// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../src/data/store';
import { useStore } from '../../src/panels/hooks';

afterEach(cleanup);

describe('createStore', () => {
  it('gives the initial value and the value last set', () => {
    const store = createStore(1);
    expect(store.get()).toBe(1);
    store.set(2);
    expect(store.get()).toBe(2);
  });

  it('reads a function as an updater of the current value', () => {
    const store = createStore({ count: 1 });
    store.set((s) => ({ count: s.count + 1 }));
    expect(store.get()).toEqual({ count: 2 });
  });

  it('notifies each listener once per change, and no one when the value is the same', () => {
    const store = createStore('a');
    const first = vi.fn();
    const second = vi.fn();
    store.subscribe(first);
    store.subscribe(second);
    store.set('a');
    store.set((v) => v);
    expect(first).not.toHaveBeenCalled();
    store.set('b');
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('stops notifying after unsubscribe, including a listener removed while listeners run', () => {
    const store = createStore(0);
    const later = vi.fn();
    let stopLater = () => {};
    const stop = store.subscribe(() => stopLater());
    stopLater = store.subscribe(later);
    store.set(1);
    expect(later).not.toHaveBeenCalled();
    stop();
    store.set(2);
    expect(later).not.toHaveBeenCalled();
  });

  it('calls a listener added while listeners run from the next change on', () => {
    const store = createStore(0);
    const added = vi.fn();
    const stop = store.subscribe(() => {
      store.subscribe(added);
      stop();
    });
    store.set(1);
    expect(added).not.toHaveBeenCalled();
    store.set(2);
    expect(added).toHaveBeenCalledTimes(1);
  });

  it('treats one function subscribed twice as two subscriptions', () => {
    const store = createStore(0);
    const listener = vi.fn();
    const stopOne = store.subscribe(listener);
    store.subscribe(listener);
    stopOne();
    store.set(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('useStore', () => {
  it('renders the current value and re-renders on change', () => {
    const store = createStore({ label: 'first' });
    function Label() {
      return <span>{useStore(store).label}</span>;
    }
    render(<Label />);
    expect(screen.getByText('first')).toBeTruthy();
    act(() => store.set({ label: 'second' }));
    expect(screen.getByText('second')).toBeTruthy();
  });

  it('unsubscribes when the component unmounts', () => {
    const store = createStore(0);
    const subscribe = store.subscribe;
    const stops: ReturnType<typeof vi.fn>[] = [];
    store.subscribe = (listener) => {
      const stop = vi.fn(subscribe(listener));
      stops.push(stop);
      return stop;
    };
    function Value() {
      return <span>{useStore(store)}</span>;
    }
    const { unmount } = render(<Value />);
    expect(stops.length).toBeGreaterThan(0);
    unmount();
    expect(stops.every((stop) => stop.mock.calls.length === 1)).toBe(true);
  });
});
