/**
 * `npm start`: a local, offline sandbox of anilist.co with the built userscript, for trying the
 * product by hand. Run by `tsx tests/host/serve.ts` after the build.
 *
 * - Every path renders the replica (tests/host/replica.ts) with, at the end of <body>: the GM shim
 *   (both APIs, seeded with an API token so authorised features work), a "bridge" that sends the
 *   userscript's GraphQL and image-host requests to this server, a small sandbox banner, and
 *   dist/voidverified.user.js (read fresh on every page load, so a rebuild needs only a reload).
 * - /__api/graphql      the mock API (one createMockApi() for the server's life)
 * - /__img/catbox, /__img/imgbb, /__img/imgur, /__img/imgur-token, /__img/imgur-account   canned
 *   image-host answers (imgur's account, `GET /3/account/me`, is "SandboxImgur" for any token)
 * - /__asset/…          placeholder images for the replica's s4.anilist.co and i.ytimg.com URLs
 * - /__sandbox/reset    POST: back to the seed (the banner's "reset" link also clears __gm__: keys)
 * - /__sandbox/fail-next?status=500&n=1   POST: the next n API calls fail (status 500, 400, 429 or network);
 *   with `&op=Name` only the next n calls of that operation (e.g. op=SaveUserAbout)
 * - /__sandbox/slow?ms=1500   POST: every API call from now on is answered that much later, as a busy
 *   API answers (`&op=Name`: that operation's calls only); ms=0 ends it
 * - /api/v2/oauth/authorize   a stand-in for AniList's authorize page: Approve returns a token the
 *   mock API accepts, with the `state` it was given, to /settings/developer (the real round trip)
 *
 * `?theme=dark` or `?theme=contrast` renders AniList's dark or high-contrast theme.
 * The banner offers "Switch every feature on" (every on/off option of the registry, then a reload)
 * and "Reset sandbox storage". `npm start -- --all` starts with every feature on: the first page
 * switches them on by itself (again after a reset). An API token is always present.
 *
 * Port: $PORT or 4173; if busy, the next free one.
 */
import { readFileSync, realpathSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { booleanOptionKeys } from './feature-options';
import { gmShimSource, GM_PREFIX, GM_SEEDED_KEY } from './gm-shim';
import { corsPreflight, createMockApi, operationOfBody, type MockFailure } from './mock-api';
import { createSeed, type SeedActivity } from './seed';
import { renderPage, scriptTag } from './replica';
import { REPLICA_DATA_PATH } from './replica-runtime';

const HOST = '127.0.0.1';
/** The built userscript (VV_USERSCRIPT names another build, as in the e2e fixtures). */
const USERSCRIPT = process.env.VV_USERSCRIPT ?? new URL('../../dist/voidverified.user.js', import.meta.url);
const USERSCRIPT_SRC = '/__replica__/voidverified.user.js';
/**
 * The seed, plus what a tester needs to see that the seed does not have: the newest message (the
 * first entry of the Messages feed) carries a thread of 30 replies, so the replies' Load More has
 * pages, written by everyone in turn (moderators Lain and Rei among them, Goro retired).
 */
function sandboxSeed() {
  const data = createSeed();
  addMessageFixtures(data);
  const thread = [...data.activities].reverse().find((a) => a.__typename === 'MessageActivity');
  if (thread) {
    let id = Math.max(...data.replies.map((r) => r.id)) + 1;
    const others = data.users.filter((u) => u.id !== 1);
    data.replies = data.replies.filter((r) => r.activityId !== thread.id);
    for (let i = 0; i < 30; i++)
      data.replies.push({
        id: id++,
        activityId: thread.id,
        userId: others[i % others.length]!.id,
        text: `Reply ${i + 1} in a long thread`,
        createdAt: thread.createdAt + 60 * (i + 1),
        likeIds: [],
      });
  }
  addPreviewFixtures(data);
  addQuoteFixtures(data, thread?.id);
  return data;
}

/**
 * More messages than the Messages feed's page holds (20), so its Load More has a second page: older
 * public ones, between people the viewer's feed shows.
 */
function addMessageFixtures(data: ReturnType<typeof createSeed>): void {
  const shown = new Set([1, ...(data.users.find((u) => u.id === 1)?.following ?? [])]);
  const like = data.activities.find(
    (a): a is Extract<SeedActivity, { __typename: 'MessageActivity' }> =>
      a.__typename === 'MessageActivity' && !a.isPrivate && shown.has(a.messengerId),
  );
  if (!like) return;
  // Older than every other activity: the feeds' first pages and the newest message (the long thread) stay as seeded.
  let id = Math.min(...data.activities.map((a) => a.id));
  const at = Math.min(...data.activities.map((a) => a.createdAt));
  for (let i = 1; i <= 24; i++)
    data.activities.unshift({
      ...like,
      id: --id,
      createdAt: at - 3600 * i,
      likeIds: [],
      subscriberIds: [],
      message: `An older message, ${i}`,
    });
}

/**
 * Quotes that name where they come from (Reply To's `<blockquote href>`, kept by AniList): under the
 * home feed's newest text activity with replies, one reply quotes the first reply there (a click
 * scrolls to it) and one quotes the first reply of the long thread (its Direct Link opens it). In
 * the long thread (the Messages feed's first card, ours), the fourth reply quotes the first and the
 * fifth quotes that text activity's first reply.
 */
function addQuoteFixtures(data: ReturnType<typeof createSeed>, threadId: number | undefined): void {
  const shown = new Set([1, ...(data.users.find((u) => u.id === 1)?.following ?? [])]);
  const target = [...data.activities]
    .reverse()
    .find(
      (a): a is Extract<SeedActivity, { __typename: 'TextActivity' }> =>
        a.__typename === 'TextActivity' && shown.has(a.userId) && data.replies.some((r) => r.activityId === a.id),
    );
  const first = target && data.replies.find((r) => r.activityId === target.id);
  const quoted = data.replies.find((r) => r.activityId === threadId);
  if (!target || !first) return;
  let id = Math.max(...data.replies.map((r) => r.id)) + 1;
  // By the activity's author (not the viewer, whose replies the sandbox's collapsible replies fold).
  const userId = target.userId === 1 ? 2 : target.userId;
  const reply = (text: string) =>
    data.replies.push({ id: id++, activityId: target.id, userId, text, createdAt: first.createdAt + 30, likeIds: [] });
  reply(`<blockquote href="${target.id}/${first.id}">${first.text}</blockquote>\n\nAgreed, well put.`);
  if (quoted) reply(`<blockquote href="${quoted.activityId}/${quoted.id}">${quoted.text}</blockquote>\n\nSaid in the other thread too.`);
  const [threadFirst, , , fourth, fifth] = data.replies.filter((r) => r.activityId === threadId);
  if (threadFirst && fourth && fifth) {
    fourth.text = `<blockquote href="${threadId}/${threadFirst.id}">${threadFirst.text}</blockquote>\n\n${fourth.text}`;
    fifth.text = `<blockquote href="${target.id}/${first.id}">${first.text}</blockquote>\n\n${fifth.text}`;
  }
}

/**
 * The home feed's newest text activities, as users write them: one embeds a video (webm(…), which
 * the replica renders as AniList does), one further down links to a tall image (the image
 * preview's overlay, opened above the link near the window's bottom, scrolling).
 */
function addPreviewFixtures(data: ReturnType<typeof createSeed>): void {
  // The feed /home opens on: the viewer's and those they follow.
  const shown = new Set([1, ...(data.users.find((u) => u.id === 1)?.following ?? [])]);
  const texts = data.activities
    .filter((a): a is Extract<SeedActivity, { __typename: 'TextActivity' }> => a.__typename === 'TextActivity' && shown.has(a.userId))
    .reverse();
  if (texts[0]) texts[0].text += '\n\nThe opening, looped: webm(https://files.catbox.moe/sandbox-op.webm)';
  if (texts[3])
    texts[3].text += '\n\nThe whole chart: [season-chart.png](https://s4.anilist.co/file/anilistcdn/user/tall/season-chart.png)';
  // A GIF in a link (focusable: its like button shows on focus, 'Save to GIF keyboard' saves it).
  const gif = 'https://s4.anilist.co/file/anilistcdn/user/sandbox-wave.gif';
  if (texts[1]) texts[1].text += `\n\nA linked GIF: [img220(${gif})](${gif})`;
}

const api = createMockApi({ data: sandboxSeed() });

/**
 * The replica's images point at s4.anilist.co, which is offline here; serve placeholders instead.
 * API answers name them with this server's address (`origin`): the script shows only http(s)
 * images from the API, as AniList's are.
 */
const rewriteAssets = (text: string, origin = '') =>
  text.replaceAll('https://s4.anilist.co/', `${origin}/__asset/s4/`).replaceAll('https://i.ytimg.com/', `${origin}/__asset/ytimg/`);

/**
 * Runs before the userscript, after the GM shim: routes its network calls to this server. The
 * userscript sends through the manager's request function (the shim's, which sends with the fetch it
 * took when installed, before this wrap), so that function is wrapped to rewrite the addresses; the
 * fetch wrap serves a script that runs without a manager.
 */
const BRIDGE = `(function () {
  var API = 'https://graphql.anilist.co';
  var realFetch = window.fetch.bind(window);
  window.fetch = function (input, init) {
    var url = typeof input === 'string' ? input : input instanceof URL ? input.href : input && input.url;
    if (typeof url === 'string' && url.indexOf(API) === 0) {
      return realFetch(input instanceof Request ? new Request('/__api/graphql', input) : '/__api/graphql', init);
    }
    return realFetch(input, init);
  };
  var hosts = [
    [/^https:\\/\\/graphql\\.anilist\\.co(\\/|$)/, '/__api/graphql'],
    [/^https:\\/\\/catbox\\.moe\\//, '/__img/catbox'],
    [/^https:\\/\\/api\\.imgbb\\.com\\//, '/__img/imgbb'],
    [/^https:\\/\\/api\\.imgur\\.com\\/oauth2\\/token/, '/__img/imgur-token'],
    [/^https:\\/\\/api\\.imgur\\.com\\/3\\/account\\/me/, '/__img/imgur-account'],
    [/^https:\\/\\/api\\.imgur\\.com\\//, '/__img/imgur'],
  ];
  function local(url) {
    for (var i = 0; i < hosts.length; i++) if (hosts[i][0].test(url)) return hosts[i][1];
    return url;
  }
  function wrap(request) {
    return function (details) { return request(Object.assign({}, details, { url: local(String(details.url)) })); };
  }
  if (typeof window.GM_xmlhttpRequest === 'function') window.GM_xmlhttpRequest = wrap(window.GM_xmlhttpRequest);
  if (window.GM && typeof window.GM.xmlHttpRequest === 'function') window.GM.xmlHttpRequest = wrap(window.GM.xmlHttpRequest);
})();`;

/** Set in the page once "every feature on" was applied, so `--all` does it once per reset. */
const ALL_ON_MARKER = '__sandbox_all_on__';

/**
 * The sandbox banner: what this is, "Switch every feature on" and "Reset sandbox storage". Below
 * our own dialogs (they take their z-index from 2147483000 up).
 */
function banner(all: boolean, optionKeys: string[]): string {
  return `<div id="sandbox-banner" role="note" style="position:fixed;right:8px;bottom:8px;z-index:2147482000;max-width:320px;padding:6px 10px;border-radius:6px;background:rgba(20,30,45,.9);color:#e8eef5;font:12px/1.4 system-ui,sans-serif;box-shadow:0 2px 8px rgba(0,0,0,.3)">
VoidVerified sandbox: an offline replica of anilist.co. <kbd>Ctrl</kbd>+<kbd>Space</kbd> opens the palette.
<span style="display:flex;gap:6px;margin-top:4px"><button type="button" id="sandbox-all-on" style="font:inherit;cursor:pointer">Switch every feature on</button>
<button type="button" id="sandbox-reset" style="font:inherit;cursor:pointer">Reset sandbox storage</button></span></div>
<script>(function () {
  var SETTINGS = 'void-verified-settings';
  var MARKER = ${JSON.stringify(ALL_ON_MARKER)};
  /* Every on/off option the userscript registers (read from its sources by the server). */
  var OPTIONS = ${JSON.stringify(optionKeys).replace(/</g, '\\u003c')};
  /* Every on/off option switched on in the stored settings (envelope v1). */
  function allOn() {
    if (typeof GM_getValue !== 'function') return false;
    var data = {};
    try {
      var raw = GM_getValue(SETTINGS);
      if (typeof raw === 'string') data = JSON.parse(raw).data || {};
    } catch (e) {}
    OPTIONS.forEach(function (key) { data[key] = true; });
    GM_setValue(SETTINGS, JSON.stringify({ v: 1, data: data }));
    localStorage.setItem(MARKER, '1');
    return true;
  }
  /* Once the userscript has started (it marks <html>), so that its own first writes come first:
     try again on the next frames, for at most ten seconds. */
  function whenReady(then) {
    var until = Date.now() + 10000;
    (function attempt() {
      if (document.documentElement.hasAttribute('data-voidverified')) then();
      else if (Date.now() < until) requestAnimationFrame(attempt);
      else console.error('[sandbox] the userscript did not start');
    })();
  }
  document.getElementById('sandbox-all-on').addEventListener('click', function () {
    whenReady(function () { if (allOn()) location.reload(); });
  });
  document.getElementById('sandbox-reset').addEventListener('click', function () {
    for (var i = localStorage.length - 1; i >= 0; i--) {
      var key = localStorage.key(i);
      if (key && (key.indexOf(${JSON.stringify(GM_PREFIX)}) === 0 || key === ${JSON.stringify(GM_SEEDED_KEY)} || key === MARKER)) localStorage.removeItem(key);
    }
    fetch('/__sandbox/reset', { method: 'POST' }).finally(function () { location.reload(); });
  });
  if (${all ? 'true' : 'false'} && !localStorage.getItem(MARKER)) whenReady(function () { if (allOn()) location.reload(); });
})();</script>`;
}

/** A token the mock API accepts, shaped like AniList's (a JWT's alphabet). */
const SANDBOX_OAUTH_TOKEN = 'sandbox-token';

/**
 * A stand-in for AniList's authorize page (the implicit grant): Approve goes back to
 * /settings/developer with the token in the fragment and the `state` it was given, as AniList does;
 * Cancel goes back with the error and the state, in a fragment of its own after the redirect's (as
 * Laravel Passport, AniList's OAuth server, sends a denial for the implicit grant).
 */
function consentPage(url: URL): string {
  const back = new URLSearchParams({ access_token: SANDBOX_OAUTH_TOKEN, token_type: 'Bearer', expires_in: '31536000' });
  const denied = new URLSearchParams({ error: 'access_denied' });
  const state = url.searchParams.get('state');
  if (state !== null) {
    back.set('state', state);
    denied.set('state', state);
  }
  const approve = `/settings/developer#void_auth&${back.toString()}`;
  const deny = `/settings/developer#void_auth#${denied.toString()}`;
  const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorize · sandbox AniList</title></head>
<body style="font:15px/1.5 system-ui,sans-serif;max-width:480px;margin:80px auto;color:#2b2d42">
<h1 style="font-size:20px">Authorize VoidVerified</h1>
<p>This is the sandbox's stand-in for AniList's authorize page (client ${esc(url.searchParams.get('client_id') ?? '?')}). On anilist.co, AniList asks you here whether the script may act for your account.</p>
<p><a id="approve" href="${esc(approve)}" style="display:inline-block;padding:8px 16px;background:#3db4f2;color:#fff;border-radius:4px;text-decoration:none">Approve</a>
<a id="deny" href="${esc(deny)}" style="margin-left:12px">Cancel</a></p></body></html>`;
}

function userscript(): string | null {
  try {
    return readFileSync(USERSCRIPT, 'utf8');
  } catch {
    return null;
  }
}

/**
 * What `--all` stores besides switching every feature on, so each feature has something to show:
 * an In Progress category (the airing ONE PIECE stays in "Airing"), and saved GIFs and images in
 * the GIF keyboard (under every editor: the composer, replies, a forum thread's reply box at
 * /forum/thread/4127, a review at /edit/review/{media id}, the About in /settings). Addresses of
 * s4.anilist.co are served by the sandbox (placeholders), as on the replica's pages. Two markdown
 * drafts and the automatic draft of /home's composer, offered back under it. A verified user (Akira).
 */
const ALL_SEED = {
  // A verified user, for 'Verified user options: Akira' and the signs and highlights on /home.
  'void-verified-users': JSON.stringify({
    v: 1,
    data: [{ username: 'Akira', id: 2, sign: '', colorOverride: '', highlightEnabled: true }],
  }),
  'void-verified-gif-keyboard': JSON.stringify({
    v: 1,
    data: {
      gifs: ['dance', 'wave', 'nod'].map((name) => `https://s4.anilist.co/file/sandbox/${name}.gif`),
      images: ['https://s4.anilist.co/file/sandbox/meme.png'],
      gifSize: 260,
    },
  }),
  'void-verified-in-progress-categories': JSON.stringify({
    v: 1,
    data: {
      Anime: [{ id: '1767225600000-5eed', title: 'Weekly', mediaIds: [154587, 113415] }],
      Manga: [],
      autoAiringCategory: true,
      includeCustomCategoryEntriesInAiring: false,
    },
  }),
  'void-verified-markdown-drafts': JSON.stringify({
    v: 1,
    data: [
      { name: 'Frieren review', content: '# Frieren\n\nSlow, kind and sad. Worth it!', timestamp: '2026-11-20T18:30:00.000Z', place: '' },
      {
        name: 'Weekly thread',
        content: 'This week:\n\n- ONE PIECE 1122\n- Jujutsu Kaisen',
        timestamp: '2026-11-24T09:05:00.000Z',
        place: '',
      },
      {
        name: 'Unsent status on /home',
        content: 'Half-written status from the last visit',
        timestamp: '2026-11-26T21:40:00.000Z',
        place: '/home status',
      },
    ],
  }),
};

function bodyEnd(all: boolean, optionKeys: string[], origin: string): string {
  const token = JSON.stringify({ v: 1, data: { token: 'sandbox-token', expires: Date.now() + 365 * 24 * 3600 * 1000 } });
  const script = userscript();
  const extra = all ? (JSON.parse(rewriteAssets(JSON.stringify(ALL_SEED), origin)) as typeof ALL_SEED) : {};
  return (
    `<script>${gmShimSource({ mode: 'both', seed: { 'void-verified-auth': token, ...extra } })}</script>` +
    `<script>${BRIDGE}</script>` +
    banner(all, optionKeys) +
    (script === null
      ? `<script>console.error('[sandbox] dist/voidverified.user.js is missing: run npm run build');</script>`
      : scriptTag(script, USERSCRIPT_SRC))
  );
}

/** A placeholder image, its colour derived from the path. */
function placeholder(path: string): string {
  let hash = 0;
  for (const c of path) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  // A tall one (the image preview scrolls it).
  if (path.includes('/tall/'))
    return `<svg xmlns="http://www.w3.org/2000/svg" width="700" height="2400" viewBox="0 0 700 2400"><rect width="700" height="2400" fill="hsl(${hash % 360} 45% 55%)"/><rect y="1200" width="700" height="1200" fill="hsl(${(hash + 120) % 360} 45% 55%)"/></svg>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="230" height="320" viewBox="0 0 230 320"><rect width="230" height="320" fill="hsl(${hash % 360} 45% 55%)"/></svg>`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

/** The call a network failure just cut: Chromium's automatic retry of it fails too. */
let networkRetry: { op: string | null; until: number } | null = null;

async function handle(req: IncomingMessage, res: ServerResponse, all: boolean, optionKeys: string[]): Promise<void> {
  const url = new URL(req.url ?? '/', `http://${HOST}`);
  const path = url.pathname;
  if (path === '/__api/graphql') {
    if (req.method === 'OPTIONS') {
      const pre = corsPreflight();
      res.writeHead(pre.status, pre.headers);
      return void res.end();
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
    const body = await readBody(req);
    // Chromium sends a request again by itself (once per reused connection) when a connection closes
    // without an answer: for a moment after a network failure, the same call fails the same way.
    const retry = networkRetry !== null && Date.now() < networkRetry.until && operationOfBody(body) === networkRetry.op;
    if (retry) api.failNext(1, { network: true }, networkRetry!.op ?? undefined);
    const answer = await api.handle({ body, headers });
    if (answer.abort) {
      if (!retry) networkRetry = { op: api.requests.at(-1)?.operationName ?? null, until: Date.now() + 1000 };
      return void req.socket.destroy();
    }
    res.writeHead(answer.status, answer.headers);
    return void res.end(rewriteAssets(answer.body, `http://${req.headers.host ?? '127.0.0.1'}`));
  }
  if (path === '/__sandbox/fail-next' && req.method === 'POST') {
    // Try the product's error paths by hand: the next n API calls answer with this status.
    const status = url.searchParams.get('status');
    const count = Number(url.searchParams.get('n') ?? 1);
    const failure: MockFailure =
      status === '429'
        ? { status: 429, retryAfter: 5 }
        : status === '400'
          ? { status: 400 }
          : status === 'network'
            ? { network: true }
            : { status: 500 };
    const n = Number.isInteger(count) && count > 0 ? count : 1;
    // `op=Name`: only calls of that operation fail (other features' calls in between go through).
    api.failNext(n, failure, url.searchParams.get('op') ?? undefined);
    return send(res, 204, 'text/plain', '');
  }
  if (path === '/__sandbox/slow' && req.method === 'POST') {
    // See what arrives late by hand: the API answers `ms` later from now on.
    const ms = Number(url.searchParams.get('ms') ?? 0);
    api.slow(Number.isFinite(ms) && ms > 0 ? Math.min(ms, 60_000) : 0, url.searchParams.get('op') ?? undefined);
    return send(res, 204, 'text/plain', '');
  }
  if (path === '/api/v2/oauth/authorize') return send(res, 200, 'text/html; charset=utf-8', consentPage(url));
  if (path === '/__sandbox/reset' && req.method === 'POST') {
    api.reset();
    networkRetry = null;
    return send(res, 204, 'text/plain', '');
  }
  if (path.startsWith('/__img/')) {
    await readBody(req);
    const json = (value: unknown) => send(res, 200, 'application/json', JSON.stringify(value));
    if (path === '/__img/catbox') return send(res, 200, 'text/plain', 'https://files.catbox.moe/abc123.png');
    if (path === '/__img/imgbb')
      return json({
        data: { id: 'x', url: 'https://i.ibb.co/x/y.png', display_url: 'https://i.ibb.co/x/y.png' },
        success: true,
        status: 200,
      });
    if (path === '/__img/imgur-token')
      return json({ access_token: 'imgur-new', expires_in: 3600, token_type: 'bearer', refresh_token: 'imgur-refresh' });
    if (path === '/__img/imgur-account') return json({ data: { id: 1, url: 'SandboxImgur' }, success: true, status: 200 });
    if (path === '/__img/imgur') return json({ data: { link: 'https://i.imgur.com/z.png', id: 'z' }, success: true, status: 200 });
    return send(res, 404, 'text/plain', 'unknown image host');
  }
  if (path.startsWith('/__asset/')) return send(res, 200, 'image/svg+xml', placeholder(path), { 'Cache-Control': 'max-age=3600' });
  if (path === USERSCRIPT_SRC) return send(res, 200, 'text/javascript; charset=utf-8', userscript() ?? '');
  if (path === REPLICA_DATA_PATH) return send(res, 200, 'application/json', rewriteAssets(JSON.stringify(api.state)));
  if (path === '/favicon.ico') return send(res, 204, 'image/x-icon', '');
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'Method not allowed');
  // Rewrite the replica's image URLs, but leave the userscript's source exactly as built.
  const marker = '<!--sandbox-body-end-->';
  // `?theme=dark` or `?theme=contrast` shows the page in AniList's other site themes.
  const theme = url.searchParams.get('theme');
  const html = rewriteAssets(
    renderPage(path, { data: api.state, bodyEnd: marker, ...(theme === 'dark' || theme === 'contrast' ? { theme } : {}) }),
  ).replace(marker, () => bodyEnd(all, optionKeys, `http://${req.headers.host ?? HOST}`));
  return send(res, 200, 'text/html; charset=utf-8', html);
}

export interface Sandbox {
  url: string;
  close(): Promise<void>;
}

/** Starts the sandbox on `port` (0: any free one; a busy one: the next free one). */
export async function startSandbox(opts: { port?: number; all?: boolean } = {}): Promise<Sandbox> {
  const all = opts.all === true;
  const optionKeys = await booleanOptionKeys();
  const server = createServer((req, res) => {
    handle(req, res, all, optionKeys).catch((error: unknown) => {
      console.error('[sandbox]', req.method, req.url, error);
      if (!res.headersSent) send(res, 500, 'text/plain', String(error));
      else res.end();
    });
  });
  return new Promise((resolve, reject) => {
    const listen = (port: number, triesLeft: number) => {
      const onError = (error: NodeJS.ErrnoException) => {
        server.off('listening', onListening);
        if (error.code === 'EADDRINUSE' && triesLeft > 0) listen(port + 1, triesLeft - 1);
        else reject(error);
      };
      const onListening = () => {
        server.off('error', onError);
        const { port: bound } = server.address() as AddressInfo;
        // Closing also ends the connections the browser keeps alive: server.close alone waits for them,
        // and a page still open after its test holds them for as long as it lives.
        const close = () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          });
        resolve({ url: `http://${HOST}:${bound}`, close });
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(port, HOST);
    };
    listen(opts.port ?? 4173, 20);
  });
}

const runDirectly = (() => {
  try {
    return realpathSync(process.argv[1] ?? '') === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
})();

if (runDirectly) {
  const all = process.argv.slice(2).includes('--all');
  startSandbox({ port: Number(process.env.PORT) || 4173, all }).then(
    (sandbox) => {
      console.log(`Sandbox running at ${sandbox.url}/home${all ? ' (every feature on)' : ''}`);
      if (userscript() === null) console.warn('dist/voidverified.user.js is missing: run `npm run build`, then reload.');
    },
    (error: unknown) => {
      console.error('[sandbox] could not start', error);
      process.exitCode = 1;
    },
  );
}
