// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Command as Cmdk } from 'cmdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activitySearchFeature } from '../../src/commands/features/activity-search';
import {
  clampPerPage,
  dateToTimestamp,
  defaultParams,
  htmlToText,
  paramsSchema,
  savedSearchCommandId,
  savedSearchesKey,
  searchVariables,
  selectAllUsers,
  summarize,
  toggleUser,
  withoutSavedSearch,
  withSavedSearch,
  type ActivitySearchParams,
  type FoundActivity,
} from '../../src/data/activity-search';
import { latestMediaSearchesKey, pickMedia, rememberMedia } from '../../src/data/media-search';
import { decodeStored, Store } from '../../src/data/storage';
import { memoryBackend } from '../../src/data/backend';
import type { MediaSearchResult, UserSearchResult } from '../../src/data/documents';
import { activitySearch, matchesFilter, resetActivitySearch } from '../../src/data/activity-search-session';
import { ActivitySearchMode } from '../../src/panels/activity-search/ActivitySearch';
import { MediaSearchBox } from '../../src/panels/common/MediaSearchBox';
import { UserPicker } from '../../src/panels/activity-search/UserPicker';
import { makeTestServices } from './helpers';
import { panelHarness } from './panel-harness';

const media = (id: number, title = `Media ${id}`): MediaSearchResult => ({
  id,
  type: 'ANIME',
  title: { userPreferred: title },
  coverImage: { large: null },
  startDate: { year: 2020 },
  episodes: 12,
  chapters: null,
});
const user = (id: number, name = `user${id}`): UserSearchResult => ({ id, name, avatar: { large: null } });
const params = (patch: Partial<ActivitySearchParams> = {}): ActivitySearchParams => ({ ...defaultParams(), ...patch });
const picked = (id: number) => ({ ...user(id), selectAll: false });

describe('search variables', () => {
  it('defaults: list mode, Following, newest, 15 per page, no filters', () => {
    expect(searchVariables(defaultParams(), 1)).toEqual({
      page: 1,
      perPage: 15,
      type: 'MEDIA_LIST',
      sort: ['ID_DESC'],
      isFollowing: true,
      withReplies: false,
    });
  });

  it('list mode sends users as userId_in and media as mediaId_in', () => {
    const vars = searchVariables(params({ users: [picked(2), picked(3)], media: [media(5), media(7)], messengers: [picked(9)] }), 2);
    expect(vars).toMatchObject({ page: 2, type: 'MEDIA_LIST', userId_in: [2, 3], mediaId_in: [5, 7] });
    expect(vars).not.toHaveProperty('messengerId_in');
  });

  it('message mode sends messengers and recipients, never media', () => {
    const vars = searchVariables(
      params({ kind: 'MESSAGE', users: [picked(2)], messengers: [picked(4)], recipients: [picked(1)], media: [media(5)] }),
      1,
    );
    expect(vars).toMatchObject({ type: 'MESSAGE', messengerId_in: [4], userId_in: [1] });
    expect(vars).not.toHaveProperty('mediaId_in');
  });

  it('text mode sends users but neither media nor messengers', () => {
    const vars = searchVariables(params({ kind: 'TEXT', users: [picked(2)], messengers: [picked(4)], media: [media(5)] }), 1);
    expect(vars).toMatchObject({ type: 'TEXT', userId_in: [2] });
    expect(vars).not.toHaveProperty('mediaId_in');
    expect(vars).not.toHaveProperty('messengerId_in');
  });

  it('global feed, oldest, has replies, preload, and dates as Unix timestamps at local midnight', () => {
    const vars = searchVariables(
      params({ feed: 'GLOBAL', sort: 'OLDEST', hasReplies: true, preloadReplies: true, after: '2024-01-15', before: '2024-02-01' }),
      1,
    );
    expect(vars).toEqual({
      page: 1,
      perPage: 15,
      type: 'MEDIA_LIST',
      sort: ['ID'],
      withReplies: true,
      hasReplies: true,
      createdAt_greater: new Date(2024, 0, 15).getTime() / 1000,
      createdAt_lesser: new Date(2024, 1, 1).getTime() / 1000,
    });
    expect(vars).not.toHaveProperty('isFollowing');
  });

  it('clamps per page to 1-50 in whole steps', () => {
    expect(searchVariables(params({ perPage: 80 }), 1).perPage).toBe(50);
    expect(clampPerPage(0)).toBe(1);
    expect(clampPerPage(-3)).toBe(1);
    expect(clampPerPage(7.6)).toBe(8);
    expect(clampPerPage(Number.NaN)).toBe(15);
  });

  it('ignores dates that are not dates', () => {
    expect(dateToTimestamp('')).toBeUndefined();
    expect(dateToTimestamp('2024-02-31')).toBeUndefined();
    expect(dateToTimestamp('yesterday')).toBeUndefined();
    expect(searchVariables(params({ after: 'nope' }), 1)).not.toHaveProperty('createdAt_greater');
  });
});

describe('selections', () => {
  it('the media cache keeps 10 as stored, most recent first, unique by id', () => {
    const store = new Store(memoryBackend(), () => {});
    const remember = (m: MediaSearchResult) => store.update(latestMediaSearchesKey, (cache) => rememberMedia(cache, m));
    for (let id = 1; id <= 12; id++) remember(media(id));
    expect(store.get(latestMediaSearchesKey).map((m) => m.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    remember(media(5, 'again'));
    expect(store.get(latestMediaSearchesKey).map((m) => m.id)).toEqual([5, 12, 11, 10, 9, 8, 7, 6, 4, 3]);
    expect(store.get(latestMediaSearchesKey)[0]!.title?.userPreferred).toBe('again');
  });

  it('single media selection replaces; multiple toggles, unique by id', () => {
    expect(pickMedia([media(1)], media(2), false).map((m) => m.id)).toEqual([2]);
    expect(pickMedia([media(1)], media(2), true).map((m) => m.id)).toEqual([1, 2]);
    expect(pickMedia([media(1), media(2)], media(1), true).map((m) => m.id)).toEqual([2]);
  });

  it('picking a selected user removes it, unless Select All added it', () => {
    let selected = toggleUser([], user(1));
    expect(selected).toEqual([{ ...user(1), selectAll: false }]);
    selected = toggleUser(selected, user(1));
    expect(selected).toEqual([]);
    selected = selectAllUsers(toggleUser([], user(1)), [user(1), user(2), user(3)]);
    expect(selected.map((u) => [u.id, u.selectAll])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);
    expect(toggleUser(selected, user(2)).map((u) => u.id)).toEqual([1, 2, 3]);
    expect(toggleUser(selected, user(1)).map((u) => u.id)).toEqual([2, 3]);
    expect(selectAllUsers(selected, [user(2), user(4)]).map((u) => u.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('saved searches', () => {
  it('are validated: missing fields take defaults, bad values are refused', () => {
    const stored = JSON.stringify({ v: 1, data: [{ name: 'Old', params: { kind: 'TEXT', feed: 'GLOBAL', sort: 'NEWEST', perPage: 20 } }] });
    expect(decodeStored(savedSearchesKey, stored).value).toEqual([
      { name: 'Old', params: params({ kind: 'TEXT', feed: 'GLOBAL', perPage: 20 }) },
    ]);
    expect(paramsSchema.parse({ ...defaultParams(), perPage: 60 }).ok).toBe(false);
    expect(paramsSchema.parse({ ...defaultParams(), kind: 'ANIME_LIST' }).ok).toBe(false);
    const bad = JSON.stringify({ v: 1, data: [{ name: '', params: defaultParams() }] });
    expect(decodeStored(savedSearchesKey, bad)).toMatchObject({ value: [], problem: expect.any(String) });
  });

  it('a name saved again replaces the search; deleting removes it', () => {
    let list = withSavedSearch([], ' Mine ', params({ kind: 'TEXT' }));
    list = withSavedSearch(list, 'Other', params());
    list = withSavedSearch(list, 'MINE', params({ kind: 'MESSAGE' }));
    expect(list.map((s) => [s.name, s.params.kind])).toEqual([
      ['MINE', 'MESSAGE'],
      ['Other', 'MEDIA_LIST'],
    ]);
    expect(withoutSavedSearch(list, 'mine').map((s) => s.name)).toEqual(['Other']);
    expect(savedSearchCommandId('My Search')).toBe('activity-search.saved.my%20search');
  });

  it('each is a palette command that opens the mode with its parameters, which searches when it shows', async () => {
    const { services, store, palette, wrap, sent, registry } = setup({
      SearchActivities: json({ Page: { pageInfo: { currentPage: 1, hasNextPage: false, total: 0 }, activities: [] } }),
    });
    store.set(savedSearchesKey, withSavedSearch([], 'Texts', params({ kind: 'TEXT', feed: 'GLOBAL' })));
    const command = registry.commands(services.context(null)).find((c) => c.id === 'activity-search.saved.texts');
    expect(command?.title).toBe('Activity search: Texts');
    await command!.run!(services.context(null));
    expect(palette.state()).toMatchObject({ open: true, mode: 'activity-search' });
    expect(activitySearch.get().params).toMatchObject({ kind: 'TEXT', feed: 'GLOBAL' });
    const Mode = mode();
    render(wrap(<Mode ctx={services.context(null)} />));
    expect(await screen.findByText('No activities found.')).toBeTruthy();
    expect(sent).toEqual([
      { operationName: 'SearchActivities', variables: { page: 1, perPage: 15, type: 'TEXT', sort: ['ID_DESC'], withReplies: false } },
    ]);
    // Closing with 'preserve activity search' off (the default) resets the search.
    palette.close();
    expect(activitySearch.get().params).toEqual(defaultParams());
  });
});

describe('showing and filtering results', () => {
  it('turns server HTML into one line of plain text', () => {
    expect(htmlToText('<p>Hi <b>there</b> &amp; <a href="x">you</a></p><p>next&#33; &#x1F600; &lt;3 &constructor;</p>')).toBe(
      'Hi there & you next! 😀 <3 &constructor;',
    );
    expect(htmlToText(null)).toBe('');
  });

  it('summarises who and what', () => {
    const base = { id: 1, createdAt: 0, isLiked: false, isSubscribed: false, likeCount: 0, replyCount: 0, likes: [] };
    const u = (name: string) => ({ id: 1, name, avatar: null, donatorTier: 0, donatorBadge: null, moderatorRoles: null });
    const list: FoundActivity = {
      ...base,
      __typename: 'ListActivity',
      status: 'watched episode',
      progress: '5',
      user: u('Akira'),
      media: { id: 1, type: 'ANIME', title: { userPreferred: 'Cowboy Bebop' }, coverImage: null },
    };
    const message: FoundActivity = {
      ...base,
      __typename: 'MessageActivity',
      message: 'hi',
      html: '<p>hi <i>there</i></p>',
      messenger: u('Akira'),
      recipient: u('Viewer'),
    };
    expect(summarize(list)).toEqual({ who: 'Akira', what: 'Watched episode 5 of Cowboy Bebop' });
    expect(summarize(message)).toEqual({ who: 'Akira → Viewer', what: 'hi there' });
  });

  it('the local filter: a substring always matches; a loose scatter does not', () => {
    expect(matchesFilter('', 'anything')).toBe(true);
    expect(matchesFilter('Bebop', 'Akira Watched episode 5 of Cowboy Bebop')).toBe(true);
    expect(matchesFilter('akira bebop', 'akira watched cowboy bebop')).toBe(true);
    expect(matchesFilter('frbj', "frieren beyond journey's end")).toBe(true);
    expect(matchesFilter('xyzzy', 'akira watched cowboy bebop')).toBe(false);
    expect(matchesFilter('aeo', 'lorem ipsum dolor sit amet consectetur')).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Components

type Answer = () => Promise<Response>;
function setup(answers: Record<string, Answer>) {
  const sent: { operationName: string; variables: Record<string, unknown> }[] = [];
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { query: string; variables: Record<string, unknown> };
    const operationName = /(?:query|mutation) (\w+)/.exec(body.query)![1]!;
    // The user pickers ask once for the people the viewer follows (to suggest them first); that
    // request is not what these tests count.
    if (operationName === 'Following' && !answers.Following) return json({ Page: { pageInfo: { hasNextPage: false }, following: [] } })();
    sent.push({ operationName, variables: body.variables });
    const answer = answers[operationName];
    if (!answer) throw new Error(`unexpected ${operationName}`);
    return answer();
  };
  return { ...panelHarness([activitySearchFeature], { fetch }), sent };
}
/** The palette items' titles (not the options of the parameters' selects). */
const items = () => [...document.querySelectorAll('[cmdk-item] .vv-item-title')].map((el) => el.textContent);
const json = (data: unknown) => async () => new Response(JSON.stringify({ data }), { status: 200 });
const activity = (id: number, text: string) => ({
  __typename: 'TextActivity',
  id,
  createdAt: 1_700_000_000,
  isLiked: false,
  isSubscribed: false,
  likeCount: 0,
  replyCount: 0,
  likes: [],
  text,
  html: `<p>${text}</p>`,
  user: { id: 2, name: 'Akira', avatar: null, donatorTier: 0, donatorBadge: null, moderatorRoles: null },
});
const page = (ids: number[], total: number, hasNextPage: boolean) => ({
  Page: { pageInfo: { currentPage: 1, hasNextPage, total }, activities: ids.map((id) => activity(id, `text ${id}`)) },
});

function mode(query = '') {
  return (wrapProps: { ctx: ReturnType<ReturnType<typeof makeTestServices>['services']['context']> }) => (
    <Cmdk shouldFilter={false}>
      <Cmdk.List>
        <ActivitySearchMode query={query} ctx={wrapProps.ctx} close={() => {}} />
      </Cmdk.List>
    </Cmdk>
  );
}

beforeEach(() => resetActivitySearch());
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

describe('ActivitySearchMode', () => {
  it('Search disables the button and shows a loader; Load More appends; the query filters locally; Clear Feed empties', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    const { services, wrap, sent } = setup({
      SearchActivities: async () => {
        calls++;
        if (calls === 1) await gate;
        return json(calls === 1 ? page([1, 2], 3, true) : page([3], 3, false))();
      },
    });
    const Mode = mode();
    const view = render(wrap(<Mode ctx={services.context(null)} />));
    fireEvent.change(screen.getByLabelText('Feed'), { target: { value: 'GLOBAL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('Searching…');
    await act(async () => release());
    await screen.findByText('text 1');
    expect(items()).toEqual(['Akira text 1', 'Akira text 2', 'Load More']);
    expect(screen.getByRole('status').textContent).toBe('2 loaded of 3');
    await act(async () => fireEvent.click(screen.getByRole('option', { name: 'Load More' })));
    expect(await screen.findByText('text 3')).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Load More' })).toBeNull();
    expect(sent.map((r) => r.variables.page)).toEqual([1, 2]);

    const Filtered = mode('text 2');
    view.rerender(wrap(<Filtered ctx={services.context(null)} />));
    expect(items()).toEqual(['Akira text 2']);
    expect(screen.getByRole('status').textContent).toBe('1 of 3 loaded match');

    fireEvent.click(screen.getByRole('button', { name: 'Clear Feed' }));
    expect(items()).toEqual([]);
  });

  it('shown again (the palette reopened, or back from an activity), it lists the same search without asking again', async () => {
    const { services, wrap, sent } = setup({
      SearchActivities: async () => json(sent.length === 1 ? page([1, 2], 3, true) : page([3], 3, false))(),
    });
    const Mode = mode();
    const first = render(wrap(<Mode ctx={services.context(null)} />));
    fireEvent.change(screen.getByLabelText('Feed'), { target: { value: 'GLOBAL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('text 1');
    first.unmount();
    render(wrap(<Mode ctx={services.context(null)} />));
    expect(items()).toEqual(['Akira text 1', 'Akira text 2', 'Load More']);
    expect(screen.getByRole('status').textContent).toBe('2 loaded of 3');
    await act(async () => {});
    expect(sent).toHaveLength(1);
    // Load More goes on from the kept pages: page 2 only.
    await act(async () => fireEvent.click(screen.getByRole('option', { name: 'Load More' })));
    expect(await screen.findByText('text 3')).toBeTruthy();
    expect(sent.map((r) => r.variables.page)).toEqual([1, 2]);
  });

  it('per page stays within 1-50; a cleared field can be retyped', () => {
    const { services, wrap } = setup({});
    const Mode = mode();
    render(wrap(<Mode ctx={services.context(null)} />));
    const field = screen.getByLabelText('Per page') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '' } });
    expect(field.value).toBe('');
    expect(activitySearch.get().params.perPage).toBe(15);
    fireEvent.change(field, { target: { value: '80' } });
    expect(activitySearch.get().params.perPage).toBe(50);
    expect(field.value).toBe('50');
    fireEvent.change(field, { target: { value: '0' } });
    expect(activitySearch.get().params.perPage).toBe(1);
  });

  it('a failed search says so', async () => {
    const { services, wrap, toastsSeen } = setup({
      SearchActivities: async () => new Response('{"errors":[{"message":"boom"}]}', { status: 500 }),
    });
    const Mode = mode();
    render(wrap(<Mode ctx={services.context(null)} />));
    fireEvent.change(screen.getByLabelText('Feed'), { target: { value: 'GLOBAL' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    expect((await screen.findByRole('alert')).textContent).toBe('There was an error querying activities.');
    expect(toastsSeen.map((t) => t.message)).toContain('There was an error querying activities.');
  });

  it('the Following feed without a token explains instead of querying', () => {
    const { services, wrap, sent } = setup({});
    const Mode = mode();
    render(wrap(<Mode ctx={services.context(null)} />));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert').textContent).toMatch(/needs authorization/);
    expect(sent).toHaveLength(0);
  });

  it('on a media page the media is prefilled from the latest searches, without a request', () => {
    const { services, wrap, store, sent } = setup({});
    store.set(latestMediaSearchesKey, [media(154587, 'Sousou no Frieren')]);
    const Mode = mode();
    render(wrap(<Mode ctx={{ ...services.context(null), path: '/anime/154587/Sousou-no-Frieren/' }} />));
    expect(within(screen.getByRole('list', { name: 'Selected media' })).getByText('Sousou no Frieren')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});

describe('search boxes', () => {
  it('UserPicker: 3 characters, then a debug toast and the results; picking toggles; Select All adds all', async () => {
    const { services, wrap, toastsSeen, sent } = setup({ SearchUsers: json({ Page: { users: [user(2, 'Haruhi'), user(3, 'Wataru')] } }) });
    let selected: ReturnType<typeof toggleUser> = [];
    const Harness = () => (
      <UserPicker ctx={services.context(null)} label="Users" selected={selected} onChange={(next) => (selected = next)} />
    );
    const view = render(wrap(<Harness />));
    const box = screen.getByRole('combobox', { name: 'Users' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'ar' } });
    await new Promise((r) => setTimeout(r, 900));
    expect(sent).toHaveLength(0);
    fireEvent.change(box, { target: { value: 'aru' } });
    const haruhi = await screen.findByRole('option', { name: 'Haruhi' }, { timeout: 2000 });
    expect(toastsSeen.map((t) => t.message)).toContain('Querying user with search word aru');
    fireEvent.mouseDown(haruhi);
    expect(selected.map((u) => u.id)).toEqual([2]);
    view.rerender(wrap(<Harness />));
    fireEvent.mouseDown(screen.getByRole('option', { name: 'Haruhi' }));
    expect(selected).toEqual([]);
    view.rerender(wrap(<Harness />));
    fireEvent.click(screen.getByRole('button', { name: 'Select All' }));
    expect(selected.map((u) => u.id)).toEqual([2, 3]);
    view.rerender(wrap(<Harness />));
    fireEvent.mouseDown(screen.getByRole('option', { name: 'Haruhi' }));
    expect(selected.map((u) => u.id)).toEqual([2, 3]);
    // Cleared 150 ms after focus leaves.
    fireEvent.blur(box);
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull(), { timeout: 2000 });
  });

  it('MediaSearchBox: poster, title, type and year or unreleased; the pick joins the latest searches; a failure toasts', async () => {
    let fail = false;
    const unreleased = {
      ...media(9, 'Soon'),
      type: 'MANGA' as const,
      startDate: { year: null },
      coverImage: { large: 'javascript:alert(1)' },
    };
    const { services, wrap, store, toastsSeen } = setup({
      SearchMedia: async () =>
        fail
          ? new Response('{}', { status: 500 })
          : json({
              Page: { media: [{ ...media(1, 'Cowboy Bebop'), coverImage: { large: 'https://s4.anilist.co/c.jpg' } }, unreleased] },
            })(),
    });
    let selected: MediaSearchResult[] = [];
    render(wrap(<MediaSearchBox ctx={services.context(null)} selected={selected} onChange={(next) => (selected = next)} />));
    const box = screen.getByRole('combobox', { name: 'Media' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'b' } });
    const bebop = await screen.findByRole('option', { name: /Cowboy Bebop/ }, { timeout: 2000 });
    expect(bebop.textContent).toBe('Cowboy BebopAnime 2020');
    expect(bebop.querySelector('img')?.getAttribute('src')).toBe('https://s4.anilist.co/c.jpg');
    const soon = screen.getByRole('option', { name: /Soon/ });
    expect(soon.textContent).toContain('Manga unreleased');
    expect(soon.querySelector('img')).toBeNull();
    fireEvent.mouseDown(bebop);
    expect(selected.map((m) => m.id)).toEqual([1]);
    expect(store.get(latestMediaSearchesKey).map((m) => m.id)).toEqual([1]);
    // Single selection: the list closes and the field empties, then shows the latest searches.
    expect((box as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Latest searches')).toBeTruthy();
    fail = true;
    fireEvent.change(box, { target: { value: 'zz' } });
    await new Promise((r) => setTimeout(r, 900));
    expect(toastsSeen.map((t) => t.message)).toContain('Failed to query media with search word zz');
  });
});
