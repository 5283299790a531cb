// @vitest-environment happy-dom
/**
 * The replica's host app in a DOM (happy-dom): Vue-2-style patching in place, and the host traits
 * that go with it (hidden editor toolbar, editor preview, dropdown menus moved to <body>).
 * tests/unit/replica.test.ts covers the Node side (it needs Node's URL for the runtime's source).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runtimeOptions } from '../host/replica';
import {
  adoptHostTree,
  appHtml,
  boot,
  freshCopy,
  hostSetAttr,
  hostToggleClass,
  isHostNode,
  patchHtml,
  type ReplicaHostApi,
} from '../host/replica-runtime';
import { createSeed } from '../host/seed';

type VueEl = Element & { __vue__?: { $props?: { id: number } } };
const vueId = (el: Element | null | undefined) => (el as VueEl | null | undefined)?.__vue__?.$props?.id;

/** A host-rendered container holding `html`, adopted as the host's. */
function hostRoot(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  adoptHostTree(root);
  return root;
}

describe('patching in place (Vue 2 style)', () => {
  it('keeps elements of the same tag and first class; updates texts, adds, changes and removes attributes', () => {
    const root = hostRoot(
      '<div class="card kind-a" title="old" data-x="1"><span class="count">3</span><a class="name" href="/user/A/">A</a></div>',
    );
    const card = root.firstElementChild!;
    const count = card.querySelector('.count')!;
    const countText = count.firstChild!;
    const link = card.querySelector('a')!;
    patchHtml(root, '<div class="card kind-b" data-y="2"><span class="count">4</span><a class="name" href="/user/B/">B</a></div>');
    expect(root.firstElementChild).toBe(card);
    expect(card.querySelector('.count')).toBe(count);
    expect(count.firstChild).toBe(countText);
    expect(countText.textContent).toBe('4');
    expect(card.querySelector('a')).toBe(link);
    expect(link.getAttribute('href')).toBe('/user/B/');
    expect(link.textContent).toBe('B');
    expect(card.getAttribute('class')).toBe('card kind-b');
    expect(card.hasAttribute('title')).toBe(false);
    expect(card.hasAttribute('data-x')).toBe(false);
    expect(card.getAttribute('data-y')).toBe('2');
  });

  it('replaces what does not match, removes extra children and appends new ones', () => {
    const root = hostRoot('<div class="home"><p>one</p></div><div class="gone"></div><i>x</i>');
    const home = root.firstElementChild!;
    patchHtml(root, '<div class="user"><p>two</p></div><i>y</i><b>new</b>');
    expect(root.firstElementChild).not.toBe(home);
    expect(home.isConnected).toBe(false);
    expect(root.innerHTML).toBe('<div class="user"><p>two</p></div><i>y</i><b>new</b>');
    expect(isHostNode(root.lastElementChild!)).toBe(true);
  });

  it("leaves others' nodes and attributes alone, but a changed host class drops others' classes", () => {
    const root = hostRoot('<div class="entry a"><div class="actions"><span>1</span></div></div>');
    const entry = root.firstElementChild!;
    const actions = entry.firstElementChild!;
    const injected = document.createElement('button');
    actions.append(injected);
    entry.setAttribute('void-activity-id', '1');
    entry.classList.add('void-marked');
    patchHtml(root, '<div class="entry a"><div class="actions"><span>2</span><span>3</span></div></div>');
    expect(actions.contains(injected)).toBe(true);
    expect(entry.getAttribute('void-activity-id')).toBe('1'); // stale: Vue never set it, so Vue keeps it
    expect(entry.classList.contains('void-marked')).toBe(true);
    expect(actions.textContent).toBe('23');
    expect(actions.lastElementChild?.textContent).toBe('3'); // appended after the injected button
    patchHtml(root, '<div class="entry b"><div class="actions"><span>2</span><span>3</span></div></div>');
    expect(root.firstElementChild).toBe(entry);
    expect(entry.getAttribute('class')).toBe('entry b');
  });

  it('breaks like Vue when a userscript moved a host node out of its parent and the node must be replaced', () => {
    const root = hostRoot('<div class="reply">a</div><div class="reply">b</div>');
    const wrapper = root.appendChild(document.createElement('section'));
    wrapper.append(root.firstElementChild!); // re-parented, as VV once did with replies
    // Kept nodes are patched wherever they are...
    patchHtml(root, '<div class="reply">a2</div><div class="reply">b2</div>');
    expect(wrapper.textContent).toBe('a2');
    // ...but inserting before a moved node fails.
    expect(() => patchHtml(root, '<p>new</p><div class="reply">b3</div>')).toThrow();
  });

  it('turns id markers into __vue__.$props and updates the same $props on a reused element', () => {
    const root = hostRoot('<div class="activity-entry" data-replica-activity="5"><div class="reply" data-replica-reply="9"></div></div>');
    const entry = root.firstElementChild!;
    const props = (entry as VueEl).__vue__!.$props!;
    expect(props.id).toBe(5);
    expect(vueId(entry.firstElementChild)).toBe(9);
    expect(root.querySelector('[data-replica-activity], [data-replica-reply]')).toBeNull();
    patchHtml(root, '<div class="activity-entry" data-replica-activity="6"><div class="reply" data-replica-reply="10"></div></div>');
    expect(root.firstElementChild).toBe(entry);
    expect((entry as VueEl).__vue__!.$props).toBe(props);
    expect(props.id).toBe(6);
    expect(vueId(entry.firstElementChild)).toBe(10);
    expect(entry.hasAttribute('data-replica-activity')).toBe(false);
  });

  it("the host's own state changes are remembered; a fresh copy has only the host's nodes and attributes", () => {
    const root = hostRoot('<div class="like-wrap"><div class="button"><span class="count">1</span></div></div>');
    const button = root.querySelector('.button')!;
    hostToggleClass(button, 'liked', true);
    button.classList.add('foreign');
    button.append(document.createElement('em'));
    hostSetAttr(button, 'aria-pressed', 'true');
    const copy = freshCopy(root.firstElementChild!) as Element;
    expect(copy.innerHTML).toBe('<div class="button liked" aria-pressed="true"><span class="count">1</span></div>');
    // A re-render with the same host class keeps the others' class.
    patchHtml(root, '<div class="like-wrap"><div class="button liked" aria-pressed="true"><span class="count">1</span></div></div>');
    expect(button.className).toBe('button liked foreign');
  });
});

describe('the host app in the page', () => {
  const seed = createSeed();
  let host: ReplicaHostApi;
  const push = (path: string) => (host.router as { push(p: string): Promise<unknown> }).push(path);
  const click = (el: Element | null) => el?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));

  beforeAll(() => {
    history.replaceState(null, '', '/user/Viewer/');
    const ro = runtimeOptions({ data: seed, vueDelayMs: 0 });
    document.body.innerHTML = appHtml(seed, '/user/Viewer/', ro);
    boot(seed, ro);
    host = (window as unknown as { __host: ReplicaHostApi }).__host;
  });

  it('a route between two profiles reuses the elements, with new texts, attributes and ids', async () => {
    const name = document.querySelector('h1.name')!;
    const avatar = document.querySelector('img.avatar')!;
    const firstEntry = document.querySelector('.activity-entry')!;
    const firstId = vueId(firstEntry);
    await push('/user/Akira/');
    expect(document.querySelector('h1.name')).toBe(name);
    expect(name.textContent).toBe('Akira');
    expect(document.querySelector('img.avatar')).toBe(avatar);
    expect(avatar.getAttribute('src')).toContain(seed.users.find((u) => u.name === 'Akira')!.avatar.large);
    const entry = document.querySelector('.activity-entry');
    expect(entry).toBe(firstEntry);
    expect(vueId(entry)).not.toBe(firstId);
    expect(document.querySelector('[data-replica-activity], [data-replica-feed]')).toBeNull();
    expect(host.navigations).toEqual(['/user/Viewer/', '/user/Akira/']);
  });

  it('pages of another kind morph what matches: the /home container is kept, its content replaced', async () => {
    await push('/activity/700000001');
    const container = document.querySelector('.page-content > .container')!;
    await push('/home');
    expect(document.querySelector('.page-content > .container')).toBe(container);
    expect(document.querySelector('.activity-feed-wrap > .activity-feed + .scroller + .load-more')).not.toBeNull();
  });

  it('reuse() patches an entry in place to show another activity; rebuildChild() renews a child only', () => {
    const entries = Array.from(document.querySelectorAll('.activity-entry'));
    const [a, b] = entries;
    const from = vueId(a)!;
    const to = vueId(b)!;
    const link = a!.querySelector('.time a')!;
    expect(host.reuse(from, to)).toBe(true);
    expect(vueId(a)).toBe(to);
    expect(a!.querySelector('.time a')?.getAttribute('href')).toBe(`/activity/${to}`);
    expect(a!.className).toBe(b!.className);
    if (a!.querySelector('.time a') === link) expect(link.getAttribute('href')).toBe(`/activity/${to}`);
    expect(host.reuse(123, to)).toBe(false);

    const wrap = b!.querySelector(':scope > .wrap')!;
    const injected = wrap.appendChild(document.createElement('span'));
    const actions = b!.querySelector('.wrap > .actions')!;
    expect(host.rebuildChild('.activity-entry', ':scope > .wrap > .actions')).toBe(entries.length);
    expect(b!.querySelector(':scope > .wrap')).toBe(wrap);
    expect(b!.querySelector('.wrap > .actions')).not.toBe(actions);
    expect(wrap.contains(injected)).toBe(true);
    expect(host.rebuildChild('.activity-entry')).toBe(entries.length);
    expect(b!.querySelector(':scope > .wrap')).not.toBe(wrap);
    expect(b!.querySelector('.wrap span:not([class]):empty')).toBeNull();
    expect(vueId(b)).toBe(to);

    const count = b!.querySelector('.action.replies .count')!;
    expect(host.patchText('.activity-entry .action.replies .count', '42')).toBe(entries.length);
    expect(b!.querySelector('.action.replies .count')).toBe(count);
    expect(count.textContent).toBe('42');
  });

  it('the toolbar shows on focus; Preview renders the model into the .reply.preview', () => {
    const edit = document.querySelector('.activity-feed-wrap > .activity-edit')!;
    const bar = edit.querySelector('.markdown-editor')!;
    const preview = edit.querySelector('.reply.preview')!;
    expect(bar.getAttribute('style')).toBe('display: none;');
    expect(preview.getAttribute('style')).toBe('display: none;');
    const textarea = edit.querySelector('textarea')!;
    textarea.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(bar.hasAttribute('style')).toBe(false);
    textarea.value = '**hi**';
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
    click(bar.querySelector('div[title="Preview"]'));
    expect(preview.hasAttribute('style')).toBe(false);
    expect(preview.querySelector('.reply-markdown .markdown')!.innerHTML).toContain('<strong>hi</strong>');
    click(bar.querySelector('div[title="Preview"]'));
    expect(preview.getAttribute('style')).toBe('display: none;');
  });

  it('an Element UI dropdown menu moves to <body> on first open and stays there, hidden, when closed', () => {
    const dropdown = document.querySelector('.feed-select .el-dropdown')!;
    const menu = dropdown.querySelector('ul.el-dropdown-menu')!;
    expect(menu.getAttribute('style')).toBe('display: none;');
    click(dropdown.querySelector('.el-dropdown-link'));
    expect(menu.parentElement).toBe(document.body);
    expect(menu.className).toBe('el-dropdown-menu el-popper');
    expect(menu.getAttribute('style')).toMatch(/position: absolute;.*display: block;/);
    expect(document.querySelector('.feed-select .el-dropdown ul')).toBeNull();
    // Element UI's aria wiring names the menu wherever it is.
    expect(document.getElementById(dropdown.querySelector('.el-dropdown-link')!.getAttribute('aria-controls')!)).toBe(menu);
    click(menu.querySelectorAll('li')[1]!);
    expect(menu.querySelectorAll('li')[1]!.classList.contains('active')).toBe(true);
    expect(menu.querySelectorAll('li.active')).toHaveLength(1);
    expect(menu.getAttribute('style')).toMatch(/display: none;$/);
    expect(menu.parentElement).toBe(document.body);
    click(dropdown.querySelector('.el-dropdown-link'));
    expect(menu.getAttribute('style')).toMatch(/display: block;$/);
    click(document.querySelector('h2'));
    expect(menu.getAttribute('style')).toMatch(/display: none;$/);
    // Leaving the page takes the menu away with its dropdown.
    return push('/user/Viewer/').then(() => expect(menu.isConnected).toBe(false));
  });
});
