/**
 * Tests of the test bed itself (replica, mock API, GM shim, routes), without the userscript.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The page-side handles the replica exposes; typed here for page.evaluate callbacks. */
interface HostWindow {
  __host: { rerender(): void; navigations: string[] };
  __gm: { dump(): Record<string, unknown>; requests: { method: string; url: string; bodyKind: string }[] };
}
/** The GM API as the shim defines it (page globals). */
interface GmWindow {
  GM_getValue(key: string, fallback?: unknown): unknown;
  GM_setValue(key: string, value: unknown): void;
  GM_deleteValue(key: string): void;
  GM_listValues(): string[];
  GM_addValueChangeListener(key: string, cb: (name: string, oldValue: unknown, newValue: unknown, remote: boolean) => void): number;
  GM_xmlhttpRequest(details: {
    method: string;
    url: string;
    data?: unknown;
    onload(r: { responseText: string }): void;
    onerror(e: unknown): void;
  }): void;
  GM: {
    getValue(key: string): Promise<unknown>;
    xmlHttpRequest(details: {
      method: string;
      url: string;
      headers?: Record<string, string>;
      data?: unknown;
      responseType?: string;
    }): Promise<{ response: unknown }>;
  };
}

type VueEl = Element & {
  __vue__?: { $props?: { id?: unknown }; $router?: { push(p: string): Promise<unknown>; currentRoute: { path: string } } };
};

/** Pushes through the host's router, once `#app.__vue__` is there (the app mounts a little after load). */
async function push(page: Page, path: string): Promise<void> {
  await page.waitForFunction(() => (document.querySelector('#app') as VueEl).__vue__ !== undefined);
  await page.evaluate((p) => (document.querySelector('#app') as VueEl).__vue__!.$router!.push(p).then(() => undefined), path);
}

/** POSTs a GraphQL document from inside the page, as the userscript would. */
function gql(page: Page, query: string, variables: Record<string, unknown> = {}, token?: string) {
  return page.evaluate(
    async ({ query, variables, token }) => {
      const res = await fetch('https://graphql.anilist.co', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return {
        status: res.status,
        body: (await res.json()) as { data: Record<string, unknown> | null; errors?: { message: string; status: number }[] },
        limit: res.headers.get('X-RateLimit-Limit'),
        remaining: res.headers.get('X-RateLimit-Remaining'),
        retryAfter: res.headers.get('Retry-After'),
      };
    },
    { query, variables, token },
  );
}

test.describe('replica', () => {
  test('/home has 20 activity cards and the landmarks', async ({ page, host }) => {
    await host.goto('/home', { script: false });
    await expect(page.locator('.activity-feed > .activity-entry')).toHaveCount(20);
    for (const kind of ['activity-text', 'activity-message', 'activity-anime_list', 'activity-manga_list'])
      expect(await page.locator(`.activity-entry.${kind}`).count(), kind).toBeGreaterThan(0);
    const landmarks = [
      '#app',
      '#nav.nav > .wrap > .search',
      '.nav .links a.link[href="/home"]',
      '.nav .links a.link[href^="/user/"]',
      '.nav .links a.link[href^="/search/"]',
      '.nav .user .user-wrap .dropdown a[href="/notifications"]',
      '.nav .user-wrap .dropdown a[href="/settings"]',
      '.nav .user .notification-dot',
      '.hamburger .notification-dot',
      '.mobile-nav .menu',
      '.page-content .container > .home > .activity-feed-wrap',
      '.activity-feed-wrap .section-header .feed-select .feed-type-toggle',
      '.feed-select .el-dropdown ul li.el-dropdown-menu__item.active',
      '.home > .activity-feed-wrap > .activity-edit > .input > textarea.el-textarea__inner',
      '.activity-edit .markdown-editor > div[title="Bold"]',
      '.activity-edit .actions .button.cancel',
      '.activity-edit .actions .button.save',
      '.activity-edit .rules-notice a[href="/forum/thread/14"]',
      '.activity-feed-wrap > .load-more',
      '.container > .home > div:nth-child(2) > .list-previews .section-header',
      '.activity-entry > .wrap .text .header a.avatar + a.name[href$="/"]',
      '.activity-entry .wrap .list a.cover',
      '.activity-entry .list .details > a.name',
      '.activity-entry .details .status a.title',
      '.activity-entry .activity-markdown .markdown',
      '.activity-entry time[datetime][title]',
      '.activity-entry .wrap .actions .action.replies span.count',
      '.activity-entry .action.likes .like-wrap .button .count',
      '.activity-entry span[label="Subscribe"].has-label',
    ];
    for (const selector of landmarks) expect(await page.locator(selector).count(), selector).toBeGreaterThan(0);
    await expect(page.locator('.feed-type-toggle > div').first()).toHaveText('Following');
    await expect(page.locator('.feed-type-toggle > div').first()).toHaveClass(/active/);
    await expect(page.locator('.nav .links a.link')).toHaveCount(6);

    // Ids live on the element's Vue instance, not in attributes.
    const ids = await page.locator('.activity-entry').evaluateAll((els) => els.map((el) => (el as VueEl).__vue__?.$props?.id));
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    expect(new Set(ids).size).toBe(20);
    await expect(page.locator('[data-replica-activity], [data-replica-reply]')).toHaveCount(0);

    // Theme variables are bare RGB triples.
    const blue = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-blue').trim());
    expect(blue).toBe('61, 180, 242');
  });

  test('themes, the logged-out site and localStorage.auth', async ({ page, host }) => {
    await host.goto('/home', { script: false, theme: 'dark' });
    await expect(page.locator('body')).toHaveClass(/site-theme-dark/);
    const background = () => page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--color-background').trim());
    expect(await background()).toBe('11, 22, 34');
    const auth = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null') as Record<string, unknown> | null);
    expect(auth).toMatchObject({
      id: 1,
      name: 'Viewer',
      avatar: { large: expect.stringContaining('anilist.co') },
      options: { profileColor: expect.any(String) },
    });
    expect((auth as { options: { disabledListActivity: unknown[] } }).options.disabledListActivity).toHaveLength(6);

    await host.goto('/home', { script: false, viewer: null, theme: 'contrast' });
    await expect(page.locator('body')).toHaveClass(/site-theme-contrast/);
    expect(await background()).toBe('255, 255, 255');
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    await expect(page.locator('.nav .user')).toHaveCount(0);
    await expect(page.locator('.activity-edit')).toHaveCount(0);

    await host.goto('/home', { script: false, viewer: { id: 5, name: 'Daisuke', donatorTier: 4, profileColor: '#123456' } });
    const other = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null') as Record<string, unknown>);
    expect(other).toMatchObject({ id: 5, name: 'Daisuke', donatorTier: 4, options: { profileColor: '#123456' } });
  });

  test('every route renders its landmarks, and the router re-renders .page-content', async ({ page, host }) => {
    await host.goto('/home', { script: false });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42)); // survives only without a reload

    const routes: [string, string[]][] = [
      [
        '/user/Viewer/',
        [
          '.page-content > .user .header-wrap .banner[style*="background-image"]',
          '.banner-content img.avatar',
          '.name-wrapper h1.name',
          '.user .overview .about .markdown',
          '.activity-feed-wrap .section-header ul li:nth-child(4)',
          '.activity-feed-wrap > .activity-edit > .actions',
          '.user .activity-entry',
        ],
      ],
      ['/user/Akira/animelist', ['.page-content > .user h1.name']],
      [
        '/activity/700000001',
        [
          '.activity-entry .reply-wrap .activity-replies .reply .header a.avatar + a.name',
          '.reply .header .actions .action.likes',
          '.reply .header .actions .action.time time',
          '.reply .reply-markdown .markdown',
          '.reply-wrap .activity-edit textarea.el-textarea__inner',
        ],
      ],
      ['/settings', ['.settings.container > .nav a[href="/settings/developer"]', '.settings.container > .content']],
      ['/settings/developer', ['.settings.container > .content .developer p']],
      ['/notifications', ['.notifications-feed.container .filters', '.notifications .notification time[datetime]', '.reset-btn']],
      ['/anime/154587', ['.header h1', '.header img.cover', '.sidebar .data .data-set .type', '.sidebar .data .data-set .value']],
      ['/manga/30002', ['.header h1']],
      ['/search/anime', ['.page-content h1']],
      ['/404', ['.not-found']],
    ];
    for (const [path, selectors] of routes) {
      await push(page, path);
      await expect(page).toHaveURL(`https://anilist.co${path}`);
      for (const selector of selectors) expect(await page.locator(selector).count(), `${path}: ${selector}`).toBeGreaterThan(0);
    }
    await expect(page.locator('.page-content h1.name')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42);
    expect(await page.evaluate(() => (window as unknown as HostWindow).__host.navigations)).toEqual(['/home', ...routes.map(([p]) => p)]);
    // Replies carry their ids too.
    await push(page, '/activity/700000001');
    const replyIds = await page.locator('.reply:not(.preview)').evaluateAll((els) => els.map((el) => (el as VueEl).__vue__?.$props?.id));
    expect(replyIds.length).toBeGreaterThan(0);
    expect(replyIds.every((id) => typeof id === 'number')).toBe(true);
  });

  test('links navigate through the router; back re-renders', async ({ page, host }) => {
    await host.goto('/home', { script: false });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator('.nav .links a.link[href="/user/Viewer/"]').click();
    await expect(page.locator('.page-content > .user')).toBeVisible();
    await expect(page).toHaveURL('https://anilist.co/user/Viewer/');
    await page.goBack();
    await expect(page.locator('.home')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(1);
    const route = await page.evaluate(() => (document.querySelector('#app') as VueEl).__vue__!.$router!.currentRoute.path);
    expect(route).toBe('/home');
  });

  test('optional host quirks: same-component pushes do not refresh; #app.__vue__ can mount late', async ({ page, host }) => {
    await page.addInitScript(() =>
      document.addEventListener(
        'DOMContentLoaded',
        () => ((window as unknown as { vueAtReady: boolean }).vueAtReady = !!(document.querySelector('#app') as VueEl).__vue__),
      ),
    );
    await host.goto('/user/Viewer/', { script: false, sameComponentQuirk: true, vueDelayMs: 100 });
    expect(await page.evaluate(() => (window as unknown as { vueAtReady: boolean }).vueAtReady)).toBe(false);
    await page.waitForFunction(() => (document.querySelector('#app') as VueEl).__vue__ !== undefined);
    await push(page, '/user/Akira/');
    await expect(page).toHaveURL('https://anilist.co/user/Akira/');
    await expect(page.locator('h1.name')).toHaveText('Viewer'); // the quirk: URL changed, view did not
    // The userscripts' workaround: go through /404, then replace with the target.
    await page.evaluate(async () => {
      const router = (document.querySelector('#app') as VueEl).__vue__!.$router! as unknown as {
        push(p: string): Promise<unknown>;
        replace(p: string): Promise<unknown>;
      };
      await router.push('/404');
      await router.replace('/user/Bocchi/');
    });
    await expect(page.locator('h1.name')).toHaveText('Bocchi');
    expect(await page.evaluate(() => (window as unknown as HostWindow).__host.navigations)).toEqual([
      '/user/Viewer/',
      '/404',
      '/user/Bocchi/',
    ]);
  });

  test('rerender() replaces every activity node with a fresh copy', async ({ page, host }) => {
    await host.goto('/home', { script: false });
    const before = await page.evaluate(() => {
      document.querySelectorAll('.activity-entry').forEach((el) => {
        el.setAttribute('data-mark', '1');
        el.querySelector('.wrap')?.append(Object.assign(document.createElement('span'), { className: 'injected' }));
      });
      return Array.from(document.querySelectorAll('.activity-entry'), (el) => (el as VueEl).__vue__?.$props?.id);
    });
    await page.evaluate(() => (window as unknown as HostWindow).__host.rerender());
    await expect(page.locator('.activity-entry')).toHaveCount(20);
    await expect(page.locator('.activity-entry[data-mark], .activity-entry .injected')).toHaveCount(0);
    const after = await page.locator('.activity-entry').evaluateAll((els) => els.map((el) => (el as VueEl).__vue__?.$props?.id));
    expect(after).toEqual(before);
    // Load More appends further cards, with ids.
    await page.locator('.load-more').click();
    await expect(page.locator('.activity-entry')).toHaveCount(30);
  });
});

test.describe('replica: the host patches in place', () => {
  type Api = {
    __host: {
      reuse(from: number, to: number): boolean;
      rebuildChild(selector: string, child?: string): number;
      patchText(selector: string, text: string): number;
    };
  };

  test('a route between two profiles keeps the elements and changes texts, attributes and ids', async ({ page, host }) => {
    await host.goto('/user/Viewer/', { script: false });
    const before = await page.evaluate(() => {
      const w = window as unknown as { kept: Element[] };
      w.kept = [document.querySelector('h1.name')!, document.querySelector('img.avatar')!, document.querySelector('.activity-entry')!];
      return (w.kept[2] as VueEl).__vue__?.$props?.id;
    });
    await push(page, '/user/Akira/');
    await expect(page.locator('h1.name')).toHaveText('Akira');
    const after = await page.evaluate(() => {
      const w = window as unknown as { kept: Element[] };
      const now = [document.querySelector('h1.name'), document.querySelector('img.avatar'), document.querySelector('.activity-entry')];
      return { same: now.map((el, i) => el === w.kept[i]), id: (now[2] as VueEl).__vue__?.$props?.id };
    });
    expect(after.same).toEqual([true, true, true]);
    expect(after.id).not.toBe(before);
  });

  test('reuse(), rebuildChild() and patchText() change entries in place', async ({ page, host }) => {
    await host.goto('/home', { script: false });
    const ids = await page.locator('.activity-entry').evaluateAll((els) => els.map((el) => (el as VueEl).__vue__!.$props!.id as number));
    const result = await page.evaluate(
      ([from, to]) => {
        const api = (window as unknown as Api).__host;
        const entry = document.querySelector('.activity-entry')!;
        const wrap = entry.querySelector(':scope > .wrap')!;
        const marker = wrap.appendChild(document.createElement('i'));
        const reused = api.reuse(from!, to!);
        const afterReuse = {
          same: document.querySelector('.activity-entry') === entry,
          id: (entry as VueEl).__vue__?.$props?.id,
          href: entry.querySelector('.time a')?.getAttribute('href'),
          marker: wrap.contains(marker),
        };
        const rebuilt = api.rebuildChild('.activity-entry', ':scope > .wrap > .actions');
        const keptWrap = entry.querySelector(':scope > .wrap') === wrap && wrap.contains(marker);
        api.rebuildChild('.activity-entry');
        const newWrap = entry.querySelector(':scope > .wrap') !== wrap;
        api.patchText('.activity-entry .action.replies .count', '7');
        return { reused, afterReuse, rebuilt, keptWrap, newWrap, count: entry.querySelector('.action.replies .count')?.textContent };
      },
      [ids[0], ids[1]],
    );
    expect(result).toEqual({
      reused: true,
      afterReuse: { same: true, id: ids[1], href: `/activity/${ids[1]}`, marker: true },
      rebuilt: 20,
      keptWrap: true,
      newWrap: true,
      count: '7',
    });
  });

  test('the editor toolbar is hidden until focus; a dropdown menu moves to <body> when opened and stays', async ({ page, host }) => {
    await host.goto('/home', { script: false });
    const bar = page.locator('.activity-feed-wrap > .activity-edit > .markdown-editor');
    await expect(bar).toBeHidden();
    await expect(bar).toHaveAttribute('style', 'display: none;');
    await expect(page.locator('.activity-feed-wrap > .activity-edit .reply.preview')).toBeHidden();
    await expect(page.locator('.activity-feed-wrap > .activity-feed + .scroller')).toHaveCount(1);
    await page.locator('.activity-feed-wrap > .activity-edit textarea').click();
    await expect(bar).toBeVisible();

    await expect(page.locator('.feed-select .el-dropdown ul.el-dropdown-menu')).toBeHidden();
    await page.locator('.feed-select .el-dropdown-link').click();
    const menu = page.locator('body > ul.el-dropdown-menu.el-popper');
    await expect(menu).toBeVisible();
    await expect(page.locator('.feed-select .el-dropdown ul')).toHaveCount(0);
    await menu.locator('li', { hasText: 'Text Status' }).click();
    await expect(menu).toBeHidden();
    await expect(menu.locator('li.active')).toHaveText('Text Status');
    await page.locator('.feed-select .el-dropdown-link').click();
    await expect(menu).toBeVisible();
    await page.locator('.activity-feed-wrap .section-header h2').click();
    await expect(menu).toBeHidden();
    await expect(menu).toHaveCount(1);
  });
});

test.describe('mock API through the page', () => {
  test('a users search returns data and rate-limit headers', async ({ page, host, api }) => {
    await host.goto('/home', { script: false });
    const first = await gql(page, 'query SearchUsers($s: String) { Page(perPage: 5) { users(search: $s) { id name } } }', { s: 'bocchi' });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ Page: { users: [{ id: 3, name: 'Bocchi' }] } });
    expect(first.limit).toBe('90');
    expect(first.remaining).toBe('89');
    const second = await gql(page, '{ Media(id: 1) { title { romaji } } }');
    expect(second.remaining).toBe('88');
    expect(api.requests.map((r) => r.operationName)).toEqual(['SearchUsers', null]);
  });

  test('429 with Retry-After, then the next call succeeds', async ({ page, host, api }) => {
    await host.goto('/home', { script: false });
    // Untargeted on purpose: with no userscript the page sends only this test's requests, the
    // anonymous documents carry no operation name to target, and these two tests cover the mock's
    // "whatever comes next" form.
    api.failNext(1, { status: 429, retryAfter: 1 });
    const limited = await gql(page, '{ User(id: 2) { name } }');
    expect(limited.status).toBe(429);
    expect(limited.retryAfter).toBe('1');
    expect(limited.body).toEqual({ data: null, errors: [{ message: 'Too Many Requests.', status: 429 }] });
    const ok = await gql(page, '{ User(id: 2) { name } }');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ User: { name: 'Akira' } });
  });

  test('a network failure rejects the fetch', async ({ page, host, api }) => {
    await host.goto('/home', { script: false });
    // Untargeted on purpose (see the 429 test above): the fetch below is the page's only request.
    api.failNext(1, { network: true });
    const error = await page.evaluate(() =>
      fetch('https://graphql.anilist.co', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"query":"{Viewer{id}}"}',
      }).then(
        () => 'resolved',
        (e: Error) => e.name,
      ),
    );
    expect(error).toBe('TypeError');
  });

  test('UpdateUser persists the about text; unknown tokens are refused', async ({ page, host }) => {
    await host.goto('/home', { script: false });
    const saved = await gql(
      page,
      'mutation ($about: String) { UpdateUser(about: $about) { id about } }',
      { about: 'Hello from e2e' },
      'valid-token',
    );
    expect(saved.body.data).toEqual({ UpdateUser: { id: 1, about: 'Hello from e2e' } });
    const read = await gql(page, '{ User(name: "Viewer") { about } }');
    expect(read.body.data).toEqual({ User: { about: 'Hello from e2e' } });
    // The replica renders the live state on the next load.
    await host.goto('/user/Viewer/', { script: false });
    await expect(page.locator('.about .markdown')).toHaveText('Hello from e2e');

    const anonymous = await gql(page, 'mutation { UpdateUser(about: "x") { id } }');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors?.[0]).toMatchObject({ message: 'Unauthorized.', status: 401 });
    const bad = await gql(page, '{ Viewer { id } }', {}, 'revoked-token');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ data: null, errors: [{ message: 'Invalid token', status: 400 }] });
  });
});

test.describe('GM shim and injection', () => {
  const standIn =
    'window.__standIn = { gm: typeof GM_getValue, gmAsync: typeof GM, bodyLast: document.body.lastElementChild === document.currentScript };';

  test('injects the shim and the script at the end of body; values persist across reloads', async ({ page, host }) => {
    await host.goto('/home', { userscript: standIn, changelog: true, seed: { seeded: '{"v":1,"data":true}' } });
    expect(await page.evaluate(() => (window as unknown as { __standIn: unknown }).__standIn)).toEqual({
      gm: 'function',
      gmAsync: 'object',
      bodyLast: true,
    });
    expect(await page.evaluate(() => (window as unknown as GmWindow).GM_getValue('seeded'))).toBe('{"v":1,"data":true}');
    await page.evaluate(() => {
      (window as unknown as GmWindow).GM_setValue('count', 3);
      (window as unknown as GmWindow).GM_deleteValue('seeded');
    });
    await page.reload();
    expect(
      await page.evaluate(() => [
        (window as unknown as GmWindow).GM_getValue('count'),
        (window as unknown as GmWindow).GM_getValue('seeded', 'gone'),
        (window as unknown as GmWindow).GM_listValues(),
      ]),
    ).toEqual([3, 'gone', ['count']]);
    expect(await page.evaluate(() => (window as unknown as HostWindow).__gm.dump())).toEqual({ count: 3 });

    await host.goto('/home', { userscript: standIn, gm: 'async' });
    expect(await page.evaluate(() => (window as unknown as { __standIn: unknown }).__standIn)).toMatchObject({
      gm: 'undefined',
      gmAsync: 'object',
    });
    expect(await page.evaluate(() => (window as unknown as GmWindow).GM.getValue('count'))).toBe(3);
  });

  test('a change in another tab reaches listeners as remote; local ones as not remote', async ({ page, host }) => {
    await host.goto('/home', { userscript: standIn });
    await page.evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { seen: unknown[] }).seen = seen;
      (window as unknown as GmWindow).GM_addValueChangeListener('theme', (name, oldValue, newValue, remote) =>
        seen.push({ name, oldValue, newValue, remote }),
      );
      (window as unknown as GmWindow).GM_setValue('theme', 'light');
    });
    const other = await host.newPage('/settings');
    await other.evaluate(() => (window as unknown as GmWindow).GM_setValue('theme', 'dark'));
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { seen: unknown[] }).seen))
      .toEqual([
        { name: 'theme', oldValue: undefined, newValue: 'light', remote: false },
        { name: 'theme', oldValue: 'light', newValue: 'dark', remote: true },
      ]);
  });

  test('GM_xmlhttpRequest reaches the image-host mocks with FormData', async ({ page, host }) => {
    await host.goto('/home', { userscript: standIn });
    const text = await page.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const form = new FormData();
          form.append('reqtype', 'fileupload');
          form.append('fileToUpload', new Blob(['png'], { type: 'image/png' }), 'a.png');
          (window as unknown as GmWindow).GM_xmlhttpRequest({
            method: 'POST',
            url: 'https://catbox.moe/user/api.php',
            data: form,
            onload: (r) => resolve(r.responseText),
            onerror: reject,
          });
        }),
    );
    expect(text).toBe('https://files.catbox.moe/abc123.png');
    const imgur = await page.evaluate(() =>
      (window as unknown as GmWindow).GM.xmlHttpRequest({
        method: 'POST',
        url: 'https://api.imgur.com/3/image',
        headers: { Authorization: 'Client-ID abc' },
        data: 'image=x',
        responseType: 'json',
      }).then((r) => r.response),
    );
    expect(imgur).toMatchObject({ data: { link: 'https://i.imgur.com/z.png' } });
    expect(host.imageRequests.map((r) => [r.method, r.url])).toEqual([
      ['POST', 'https://catbox.moe/user/api.php'],
      ['POST', 'https://api.imgur.com/3/image'],
    ]);
    expect(host.imageRequests[0]?.postData).toContain('fileupload');
    expect(host.imageRequests[1]?.headers.authorization).toBe('Client-ID abc');
    expect(await page.evaluate(() => (window as unknown as HostWindow).__gm.requests.map((r) => r.bodyKind))).toEqual([
      'formdata',
      'string',
    ]);
  });
});
