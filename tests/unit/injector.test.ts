// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Registry } from '../../src/commands/registry';
import type { Injection } from '../../src/commands/types';
import { Injector, REMOUNT } from '../../src/inject/injector';
import { makeTestServices } from './helpers';

/**
 * The injector against Vue 2's two ways of re-rendering: a child rebuilt under a landmark that
 * stays, and an element patched in place to show other data.
 */

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function entry(name: string): string {
  return `<div class="entry"><div class="header"><a class="name" href="/user/${name}/">${name}</a></div><div class="actions"><span class="like"></span></div></div>`;
}

let injector: Injector | null = null;

function start(injection: Injection): { mounts: string[]; cleanups: string[] } {
  const mounts: string[] = [];
  const cleanups: string[] = [];
  const registry = new Registry();
  registry.define({
    id: 'probe',
    title: 'Probe',
    category: 'misc',
    description: 'Test injection',
    injections: [
      {
        ...injection,
        mount: (element, ctx) => {
          const name = element.querySelector('a.name')?.textContent ?? '?';
          mounts.push(name);
          ctx.signal.addEventListener('abort', () => cleanups.push(name));
          injection.mount(element, ctx);
        },
      },
    ],
  });
  const { services } = makeTestServices(registry);
  injector = new Injector(registry, () => services.context(null));
  injector.start();
  return { mounts, cleanups };
}

/** Puts a tracked badge into the entry's action row, like a mountUi host. */
const badge: Injection['mount'] = (element, ctx) => {
  const node = document.createElement('span');
  node.className = 'ours';
  element.querySelector('.actions')?.append(node);
  const untrack = ctx.track(node);
  ctx.signal.addEventListener('abort', () => {
    untrack();
    node.remove();
  });
};

beforeEach(() => {
  document.body.innerHTML = `<div class="feed">${entry('Akira')}${entry('Bocchi')}</div>`;
});

afterEach(() => {
  injector?.stop();
  injector = null;
});

describe('Injector and a host that patches like Vue', () => {
  it('mounts again when the child its node sat in is rebuilt while the landmark stays', async () => {
    const seen = start({ id: 'badge', route: () => true, selector: '.entry', mount: badge });
    expect(seen.mounts).toEqual(['Akira', 'Bocchi']);
    const first = document.querySelector('.entry')!;
    // Vue rebuilds the action row of the first entry: a fresh node, without ours.
    const fresh = document.createElement('div');
    fresh.className = 'actions';
    fresh.innerHTML = '<span class="like"></span>';
    first.querySelector('.actions')!.replaceWith(fresh);
    await flush();
    expect(seen.mounts).toEqual(['Akira', 'Bocchi', 'Akira']);
    expect(first.querySelectorAll('.actions .ours')).toHaveLength(1);
    expect(document.querySelectorAll('.ours')).toHaveLength(2);
  });

  it('tells a clean-up whether the mount comes straight back (so it can keep what the user had open)', async () => {
    const reasons: unknown[] = [];
    start({
      id: 'reasons',
      route: () => true,
      selector: '.entry',
      mount: (element, ctx) => {
        ctx.signal.addEventListener('abort', () => reasons.push(ctx.signal.reason));
        badge(element, ctx);
      },
    });
    document.querySelector('.entry .actions')!.replaceWith(Object.assign(document.createElement('div'), { className: 'actions' }));
    await flush();
    document.querySelectorAll('.entry')[1]!.remove();
    await flush();
    expect(reasons[0]).toBe(REMOUNT);
    expect(reasons[1]).not.toBe(REMOUNT);
  });

  it('does not come back after the mount removed its own node (untracked), nor when the landmark left', async () => {
    let remove: (() => void) | null = null;
    const seen = start({
      id: 'self-removing',
      route: () => true,
      selector: '.entry',
      mount: (element, ctx) => {
        const node = document.createElement('span');
        element.append(node);
        const untrack = ctx.track(node);
        remove ??= () => {
          untrack();
          node.remove();
        };
      },
    });
    remove!();
    await flush();
    document.querySelectorAll('.entry')[1]!.remove();
    await flush();
    expect(seen.mounts).toEqual(['Akira', 'Bocchi']);
    expect(seen.cleanups).toEqual(['Bocchi']);
  });

  it('follows the new data when the element is reused for another user (its key changed)', async () => {
    const seen = start({
      id: 'keyed',
      route: () => true,
      selector: '.entry',
      key: (el) => el.querySelector('a.name')?.getAttribute('href') ?? null,
      mount: badge,
    });
    const first = document.querySelector('.entry')!;
    const link = first.querySelector('a.name')!;
    // Vue patches in place: same elements, new href and text.
    link.firstChild!.nodeValue = 'Chiyo';
    link.setAttribute('href', '/user/Chiyo/');
    await flush();
    expect(seen.cleanups).toHaveLength(1); // the old mount torn down
    expect(seen.mounts).toEqual(['Akira', 'Bocchi', 'Chiyo']);
    expect(first.querySelectorAll('.ours')).toHaveLength(1);
    // A change that leaves the key alone mounts nothing again.
    first.querySelector('.like')!.setAttribute('label', 'Subscribe');
    first.querySelector('.header')!.append(document.createTextNode(' '));
    await flush();
    expect(seen.mounts).toHaveLength(3);
  });

  it('gives up, with one warning, on a page that undoes the injection every time', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.body.innerHTML = `<div class="feed">${entry('Akira')}</div>`;
    const stopFighting = new MutationObserver(() => document.querySelectorAll('.ours').forEach((n) => n.remove()));
    stopFighting.observe(document.body, { childList: true, subtree: true });
    const seen = start({ id: 'fought', route: () => true, selector: '.entry', mount: badge });
    for (let i = 0; i < 120 && seen.mounts.length < 52; i++) await flush();
    await flush();
    stopFighting.disconnect();
    expect(seen.mounts.length).toBe(51);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('keeps being undone by the page');
  });
});
