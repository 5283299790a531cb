import { afterEach, describe, expect, it } from 'vitest';
import { clientReports } from '../../src/commands/api-reports';
import { decodeBio, encodeBio, visibleBio } from '../../src/data/bio-block';
import {
  aboutToPublish,
  addLayout,
  bioCss,
  bioText,
  canBadge,
  canCustomColor,
  changeKinds,
  commitLayouts,
  defaultLayouts,
  deleteLayout,
  deleteSelectedLayout,
  LAYOUT_CHANNEL,
  layoutColorTriple,
  layoutLabel,
  layoutsKey,
  newLayout,
  normalize,
  layoutMessageKind,
  previewView,
  publishVisibility,
  selectedOf,
  selectLayout,
  setBioCss,
  setBioText,
  setDisableCss,
  setPreview,
  updateLayout,
  type Layout,
  type LayoutMessage,
  type LayoutsState,
} from '../../src/data/layout-designer';
import { publishAbout, publishBadge, publishColor, publishLayout, resetAbout } from '../../src/panels/layout-designer/publish';
import { layoutDesigner } from '../../src/commands/features/layout-designer';
import { Registry } from '../../src/commands/registry';
import { GraphQLClient } from '../../src/data/graphql';
import { decodeStored } from '../../src/data/storage';
import { makeTestServices } from './helpers';

const layout = (extra: Partial<Layout> = {}): Layout => ({ ...newLayout(), ...extra });
const state = (layouts: Partial<Layout>[], extra: Partial<LayoutsState> = {}): LayoutsState => ({
  ...defaultLayouts(),
  layoutsList: layouts.map(layout),
  ...extra,
});
const names = (s: LayoutsState) => s.layoutsList.map((l) => l.name);

describe('layout reducers', () => {
  it('starts with one New Layout, labelled name #index', () => {
    const s = defaultLayouts();
    expect(s).toEqual({ layoutsList: [layout()], selectedLayout: 0, preview: false, disableCss: false });
    expect(layoutLabel(s.layoutsList[0]!, 0)).toBe('New Layout #0');
  });

  it('adds a layout and selects it; selects only existing layouts', () => {
    const s = addLayout(state([{ name: 'A' }]));
    expect(names(s)).toEqual(['A', 'New Layout']);
    expect(s.selectedLayout).toBe(1);
    expect(selectLayout(s, 0).selectedLayout).toBe(0);
    expect(selectLayout(s, 5)).toBe(s);
    expect(selectLayout(s, -1)).toBe(s);
    expect(selectLayout(s, 0.5)).toBe(s);
  });

  it('deletes the selected layout, keeping a valid selection', () => {
    const s = state([{ name: 'A' }, { name: 'B' }, { name: 'C' }], { selectedLayout: 2 });
    const last = deleteLayout(s);
    expect(names(last)).toEqual(['A', 'B']);
    expect(last.selectedLayout).toBe(1);
    const first = deleteLayout({ ...s, selectedLayout: 1 }, 0);
    expect(names(first)).toEqual(['B', 'C']);
    expect(selectedOf(first).name).toBe('B'); // the selection follows its layout
    expect(deleteLayout(s, 7)).toBe(s);
  });

  it('deleting the last layout creates a fresh New Layout', () => {
    const s = deleteLayout(state([{ name: 'Only', avatar: 'https://a/x.png' }]));
    expect(s.layoutsList).toEqual([layout()]);
    expect(s.selectedLayout).toBe(0);
  });

  it('updates only the selected layout and cuts the badge to 24 characters', () => {
    const s = updateLayout(state([{ name: 'A' }, { name: 'B' }], { selectedLayout: 1 }), { name: 'B2', donatorBadge: 'x'.repeat(30) });
    expect(names(s)).toEqual(['A', 'B2']);
    expect(s.layoutsList[1]!.donatorBadge).toBe('x'.repeat(24));
  });

  it('normalizes an empty list or a selection out of range', () => {
    expect(normalize({ ...defaultLayouts(), layoutsList: [] }).layoutsList).toEqual([layout()]);
    expect(normalize(state([{}, {}], { selectedLayout: 9 })).selectedLayout).toBe(1);
    const fine = state([{}]);
    expect(normalize(fine)).toBe(fine);
  });

  it('preview off re-enables CSS; CSS can be disabled only while previewing', () => {
    const s = state([{}]);
    expect(setDisableCss(s, true)).toBe(s);
    const on = setDisableCss(setPreview(s, true), true);
    expect(on).toMatchObject({ preview: true, disableCss: true });
    expect(setPreview(on, false)).toMatchObject({ preview: false, disableCss: false });
  });
});

describe('layout rules', () => {
  it('gates the custom colour at tier 2 and the badge at tier 3', () => {
    expect([0, 1, 2, 3].map(canCustomColor)).toEqual([false, false, true, true]);
    expect([0, 2, 3, 4].map(canBadge)).toEqual([false, false, true, true]);
  });

  it('validates colours: named always, #rrggbb from tier 2, anything else never', () => {
    expect(layoutColorTriple('purple', 0)).toBe('192, 99, 255');
    expect(layoutColorTriple('Gray', 0)).toBe('103, 123, 148');
    expect(layoutColorTriple('#0a0b0c', 1)).toBeNull();
    expect(layoutColorTriple('#0a0b0c', 2)).toBe('10, 11, 12');
    for (const bad of ['', 'teal', '#fff', '#12345g', 'red; x: y', 'url(x)']) expect(layoutColorTriple(bad, 4), bad).toBeNull();
  });

  it('shows publish buttons only with a token and a changed, non-empty, allowed value', () => {
    const published = { color: 'blue', badge: 'Old' };
    const l = layout({ color: 'red', donatorBadge: 'New badge' });
    expect(publishVisibility(l, published, false, 3)).toEqual({ about: false, color: false, badge: false });
    expect(publishVisibility(l, published, true, 3)).toEqual({ about: true, color: true, badge: true });
    expect(publishVisibility(layout({ color: 'blue', donatorBadge: 'Old' }), published, true, 3)).toMatchObject({
      color: false,
      badge: false,
    });
    expect(publishVisibility(layout({ color: '', donatorBadge: '   ' }), published, true, 3)).toMatchObject({ color: false, badge: false });
    expect(publishVisibility(l, published, true, 2)).toMatchObject({ color: true, badge: false }); // badge needs tier 3
    expect(publishVisibility(layout({ color: '#123456' }), published, true, 1).color).toBe(false); // custom colour needs tier 2
    expect(publishVisibility(layout({ color: '#123456' }), published, true, 2).color).toBe(true);
    expect(publishVisibility(layout({ color: 'teal' }), published, true, 4).color).toBe(false);
    expect(publishVisibility(l, { color: null, badge: null }, true, 3)).toMatchObject({ color: true, badge: true });
  });
});

describe('preview view', () => {
  const bio = encodeBio('Hello **there**', { customCss: '.x { color: red; }', goals: [] });
  const s = state([{ avatar: 'https://a/1.png', banner: 'javascript:x', color: 'pink', donatorBadge: 'Badge', bio }], { preview: true });

  it('is null while not previewing', () => expect(previewView({ ...s, preview: false }, 4)).toBeNull());

  it('takes valid parts only, the badge from tier 3, the CSS from the bio block', () => {
    expect(previewView(s, 3)).toEqual({
      avatar: 'https://a/1.png',
      banner: null,
      color: '252, 157, 214',
      badge: 'Badge',
      about: 'Hello **there**',
      css: '.x { color: red; }',
    });
    expect(previewView(s, 2)!.badge).toBeNull();
    expect(previewView(setDisableCss(s, true), 3)!.css).toBeNull();
    expect(previewView(state([{ color: '#zzzzzz' }], { preview: true }), 4)).toEqual({
      avatar: null,
      banner: null,
      color: null,
      badge: null,
      about: null,
      css: null,
    });
  });
});

describe('bio helpers', () => {
  const data = { customCss: 'a { b: c }', goals: [{ name: 'g' }], automail: { keep: true } };

  it('edits the visible text and keeps the block as it is', () => {
    const bio = encodeBio('old text', data);
    const next = setBioText(bio, 'new text');
    expect(bioText(next)).toBe('new text');
    expect(next.startsWith(bio.slice(0, bio.length - 'old text'.length))).toBe(true);
    expect(setBioText('plain', 'other')).toBe('other');
  });

  it('edits the CSS in the block, keeping other keys; no block for empty CSS', () => {
    const bio = encodeBio('text', data);
    const next = setBioCss(bio, 'x { y: z }');
    expect(decodeBio(next).data).toEqual({ ...data, customCss: 'x { y: z }' });
    expect(visibleBio(next)).toBe('text');
    expect(bioCss(next)).toBe('x { y: z }');
    expect(setBioCss('just text', '')).toBe('just text');
    expect(bioCss(setBioCss('just text', 'p {}'))).toBe('p {}');
    expect(bioCss('no block')).toBe('');
  });

  it('publishes the layout text with the current block (goals, unknown keys) and the layout CSS', () => {
    const current = encodeBio('published text', data);
    const about = aboutToPublish(current, encodeBio('layout text', { customCss: 'new {}', goals: ['stale'] }));
    expect(decodeBio(about).data).toEqual({ ...data, customCss: 'new {}' });
    expect(visibleBio(about)).toBe('layout text');
    // A layout without a block keeps the current block whole.
    const plain = aboutToPublish(current, 'only text');
    expect(decodeBio(plain).data).toEqual(data);
    expect(visibleBio(plain)).toBe('only text');
    // No block anywhere: just the text.
    expect(aboutToPublish('old', 'new')).toBe('new');
    expect(aboutToPublish(null, 'new')).toBe('new');
    // An unreadable current block is never overwritten.
    expect(() => aboutToPublish('[](json!!!!)', 'x')).not.toThrow(); // not a block at all (bad characters)
    expect(() => aboutToPublish('[](jsonAAAA)\n\nold', 'x')).toThrow(/could not be read/);
  });
});

describe('the stored layouts', () => {
  it('reads the original VoidVerified store (no envelope, nulls, long badges)', () => {
    const raw = JSON.stringify({
      layoutsList: [{ name: 'Mine', avatar: null, banner: 'https://b', color: 'red', donatorBadge: 'y'.repeat(40), bio: 'hi' }],
      selectedLayout: 0,
      preview: true,
      disableCss: false,
    });
    const { value, problem } = decodeStored(layoutsKey, raw);
    expect(problem).toBeUndefined();
    expect(value.layoutsList[0]).toEqual({
      name: 'Mine',
      avatar: '',
      banner: 'https://b',
      color: 'red',
      donatorBadge: 'y'.repeat(24),
      bio: 'hi',
    });
    expect(value.preview).toBe(true);
  });

  it('falls back to one New Layout for garbage', () => {
    expect(decodeStored(layoutsKey, '{"v":1,"data":{"layoutsList":"x"}}').value).toEqual(defaultLayouts());
  });
});

describe('broadcast', () => {
  const listeners: BroadcastChannel[] = [];
  afterEach(() => listeners.splice(0).forEach((c) => c.close()));

  it('names the kinds of a change', () => {
    const s = state([{}]);
    expect(changeKinds(s, s)).toEqual([]);
    expect(changeKinds(s, setPreview(s, true))).toEqual(['preview']);
    expect(changeKinds(setPreview(s, true), setDisableCss(setPreview(s, true), true))).toEqual(['css']);
    expect(changeKinds(s, updateLayout(s, { name: 'x' }))).toEqual(['layout']);
    expect(changeKinds(s, addLayout(s))).toEqual(['layout']);
  });

  it('reads only the kind of an incoming message: what it carries is never used', () => {
    expect(layoutMessageKind({ kind: 'preview', state: defaultLayouts() })).toBe('preview');
    expect(layoutMessageKind({ kind: 'css' })).toBe('css');
    expect(layoutMessageKind({ kind: 'other', state: defaultLayouts() })).toBeNull();
    expect(layoutMessageKind({ kind: 'constructor' })).toBeNull();
    expect(layoutMessageKind('x')).toBeNull();
  });

  it('stores a change and posts it on the void-layouts channel', async () => {
    const { store } = makeTestServices();
    const heard: LayoutMessage[] = [];
    const other = new BroadcastChannel(LAYOUT_CHANNEL);
    listeners.push(other);
    other.onmessage = (e: MessageEvent<LayoutMessage>) => heard.push(e.data);
    commitLayouts(store, (s) => updateLayout(s, { name: 'Mine' }));
    commitLayouts(store, (s) => setPreview(s, true));
    commitLayouts(store, (s) => setDisableCss(s, true));
    commitLayouts(store, (s) => s); // nothing changed: nothing sent
    await expect.poll(() => heard.length).toBe(3);
    expect(heard.map((m) => m.kind)).toEqual(['layout', 'preview', 'css']);
    expect(heard[2]!.state).toEqual(store.get(layoutsKey));
    expect(store.get(layoutsKey)).toMatchObject({ preview: true, disableCss: true, layoutsList: [{ name: 'Mine' }] });
  });
});

describe('publish actions', () => {
  function api(answers: ((body: { query: string; variables: Record<string, unknown> }) => unknown)[]) {
    const seen: { query: string; variables: Record<string, unknown> }[] = [];
    const fetch = async (_url: unknown, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { query: string; variables: Record<string, unknown> };
      seen.push(body);
      const answer = answers.shift()?.(body);
      if (answer === 'fail')
        return new Response(JSON.stringify({ data: null, errors: [{ message: 'nope', status: 400 }] }), { status: 400 });
      return new Response(JSON.stringify({ data: answer }), { status: 200 });
    };
    return { fetch: fetch as typeof globalThis.fetch, seen };
  }
  const messages = (toasts: { message: string }[]) => toasts.map((t) => t.message);
  /** Services with a token (the helper's client has none); the confirm dialog answers `answer` and records its questions. */
  function authorized(fetch: typeof globalThis.fetch, answer = true) {
    const base = makeTestServices(undefined, { fetch });
    const client = new GraphQLClient({ fetch, store: base.store, ...clientReports(base.services.toasts), getToken: () => 'token' });
    client.limiter.delay = () => 0; // no backoff between scripted failures
    const asked: string[] = [];
    const confirm = async (text: string) => (asked.push(text), answer);
    return { ...base, asked, services: { store: base.store, toasts: base.services.toasts, client, confirm } };
  }

  it('publishes the about over the current one, keeping its block', async () => {
    const current = encodeBio('old', { goals: [1], customCss: 'old {}' });
    const { fetch, seen } = api([
      () => ({ Viewer: { id: 1, about: current, donatorBadge: null, options: null } }),
      () => ({ UpdateUser: { id: 1 } }),
    ]);
    const { services, toastsSeen } = authorized(fetch);
    expect(await publishAbout(services, 'new text')).toBe(true);
    const sent = seen[1]!.variables.about as string;
    expect(decodeBio(sent).data).toEqual({ goals: [1], customCss: 'old {}' });
    expect(visibleBio(sent)).toBe('new text');
    expect(messages(toastsSeen)).toContain('About published.');
  });

  it('says when publishing or resetting fails', async () => {
    const { fetch } = api([() => 'fail', () => 'fail', () => 'fail', () => 'fail']);
    const { services, toastsSeen, store } = authorized(fetch);
    expect(await publishAbout(services, 'x', 'current')).toBe(false);
    expect(await publishColor(services, 'red')).toBeNull();
    expect(await publishBadge(services, 'b')).toBeNull();
    expect(await resetAbout(services)).toBe(false);
    expect(messages(toastsSeen)).toEqual(
      expect.arrayContaining([
        'Failed to publish about.',
        'Failed to publish color.',
        'Failed to publish donator badge.',
        'Failed to query current about from AniList API.',
      ]),
    );
    expect(store.get(layoutsKey)).toEqual(defaultLayouts());
  });

  it("resets the about from the token owner's (asked with the token, not by a name from the page) and publishes colour and badge", async () => {
    const { fetch, seen } = api([
      () => ({ Viewer: { id: 1, name: 'Viewer', about: 'from api', donatorTier: 0, donatorBadge: null, options: null } }),
      () => ({ UpdateUser: { id: 1, options: { profileColor: 'red' } } }),
      () => ({ UpdateUser: { id: 1, donatorBadge: 'Mine' } }),
    ]);
    const { services, toastsSeen, store } = authorized(fetch);
    expect(await resetAbout(services)).toBe(true);
    expect(selectedOf(store.get(layoutsKey)).bio).toBe('from api');
    expect(await publishColor(services, 'red')).toBe('red');
    expect(await publishBadge(services, ' Mine ')).toBe('Mine');
    expect(seen.map((b) => /(?:query|mutation) (\w+)/.exec(b.query)?.[1])).toEqual(['LayoutViewer', 'SaveUserColor', 'SaveDonatorBadge']);
    expect(seen.map((b) => b.variables)).toEqual([{}, { color: 'red' }, { badge: 'Mine' }]);
    expect(messages(toastsSeen)).toEqual(expect.arrayContaining(['About reset.', 'Color published.', 'Donator badge published.']));
  });

  it("'Publish layout' sends about, and colour and badge only where the rules allow", async () => {
    const { fetch, seen } = api([
      () => ({ Viewer: { id: 1, name: 'Viewer', about: 'old', donatorTier: 3, donatorBadge: 'Same', options: { profileColor: 'blue' } } }),
      () => ({ UpdateUser: { id: 1 } }),
      () => ({ UpdateUser: { id: 1, options: { profileColor: 'green' } } }),
    ]);
    const { services, store } = authorized(fetch);
    store.set(layoutsKey, state([{ bio: 'mine', color: 'green', donatorBadge: 'Same' }]));
    await publishLayout(services);
    expect(seen.map((b) => /(?:query|mutation) (\w+)/.exec(b.query)?.[1])).toEqual(['LayoutViewer', 'SaveUserAbout', 'SaveUserColor']);
  });

  it('every publish asks first, once, saying what it replaces; declined, nothing is written', async () => {
    const viewer = () => ({ Viewer: { id: 1, about: 'old', donatorTier: 3, donatorBadge: 'Same', options: { profileColor: 'blue' } } });
    const { fetch, seen } = api([viewer, viewer]);
    const { services, store, asked, toastsSeen } = authorized(fetch, false);
    store.set(layoutsKey, state([{ name: 'Winter', bio: 'mine', color: 'green', donatorBadge: 'New' }]));
    await publishLayout(services);
    expect(await publishAbout(services, 'mine')).toBe(false);
    expect(await publishColor(services, 'green')).toBeNull();
    expect(await publishBadge(services, ' New ')).toBeNull();
    expect(asked).toEqual([
      'Publish the layout "Winter" to your AniList profile? It replaces your about, profile colour and donator badge.',
      'Replace your AniList about with the about of the layout "Winter"?',
      'Set your AniList profile colour to green?',
      'Set your AniList donator badge to "New"?',
    ]);
    // The layout's current state is read to say what it replaces; nothing is written.
    expect(seen.map((b) => /(?:query|mutation) (\w+)/.exec(b.query)?.[1])).toEqual(['LayoutViewer']);
    expect(messages(toastsSeen)).toEqual([]);
  });

  it('deleting a layout asks first', async () => {
    const { fetch } = api([]);
    const declined = authorized(fetch, false);
    declined.store.set(layoutsKey, state([{ name: 'A' }, { name: 'B' }]));
    expect(await deleteSelectedLayout(declined.services)).toBe(false);
    expect(declined.asked).toEqual(['Delete the layout "A"?']);
    expect(names(declined.store.get(layoutsKey))).toEqual(['A', 'B']);
    const agreed = authorized(fetch, true);
    agreed.store.set(layoutsKey, state([{ name: 'A' }, { name: 'B' }]));
    expect(await deleteSelectedLayout(agreed.services)).toBe(true);
    expect(names(agreed.store.get(layoutsKey))).toEqual(['B']);
  });

  it("the 'Publish layout' command publishes what the token owner's tier allows, as AniList reports it", async () => {
    // The page's snapshot says tier 0; AniList says the token's owner is a tier-3 donator: their
    // custom colour and badge are theirs to publish.
    const { fetch, seen } = api([
      () => ({ Viewer: { id: 1, name: 'Viewer', about: 'old', donatorTier: 3, donatorBadge: null, options: { profileColor: 'blue' } } }),
      () => ({ UpdateUser: { id: 1 } }),
      () => ({ UpdateUser: { id: 1, options: { profileColor: '#123456' } } }),
      () => ({ UpdateUser: { id: 1, donatorBadge: 'Mine' } }),
    ]);
    const registry = new Registry();
    registry.define(layoutDesigner);
    const { services, store } = makeTestServices(registry, { fetch, token: 'token', viewer: { id: 1, name: 'Viewer', donatorTier: 0 } });
    services.client.limiter.delay = () => 0;
    services.settings.set('layoutDesignerEnabled', true);
    store.set(layoutsKey, state([{ bio: 'mine', color: '#123456', donatorBadge: 'Mine' }]));
    await services.run('layout-designer.publish');
    expect(seen.map((b) => /(?:query|mutation) (\w+)/.exec(b.query)?.[1])).toEqual([
      'LayoutViewer',
      'SaveUserAbout',
      'SaveUserColor',
      'SaveDonatorBadge',
    ]);
  });

  it("'Publish layout' goes by the donator tier AniList reports for the token's owner, not the page's", async () => {
    // The page's snapshot may say tier 3 (any script can write it); AniList says 0: no custom
    // colour or badge is sent for an account that cannot have them.
    const { fetch, seen } = api([
      () => ({ Viewer: { id: 1, name: 'Viewer', about: 'old', donatorTier: 0, donatorBadge: null, options: { profileColor: 'blue' } } }),
      () => ({ UpdateUser: { id: 1 } }),
    ]);
    const { services, store } = authorized(fetch);
    store.set(layoutsKey, state([{ bio: 'mine', color: '#123456', donatorBadge: 'Mine' }]));
    await publishLayout(services);
    expect(seen.map((b) => /(?:query|mutation) (\w+)/.exec(b.query)?.[1])).toEqual(['LayoutViewer', 'SaveUserAbout']);
  });
});
