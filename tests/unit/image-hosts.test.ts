import { describe, expect, it, vi } from 'vitest';
import { refreshImgur, uploadImages } from '../../src/commands/image-upload';
import { memoryBackend } from '../../src/data/backend';
import { fetchTransport, gmTransport, type HttpRequest, type HttpResponse } from '../../src/data/gm-request';
import {
  baseName,
  catboxRequest,
  catboxUrl,
  clearImgurAuthorization,
  CLEAR_IMGUR_QUESTION,
  fileBase64,
  IMAGE_HOST_TOASTS,
  imageHostConfigKey,
  ImageUploader,
  imgbbRequest,
  imgbbUrl,
  imgurAuthorizeUrl,
  imgurRefreshRequest,
  imgurRequest,
  imgurUrl,
  isSecretField,
  parseRefresh,
  removeEntered,
  saveEntered,
  shouldRefreshImgur,
  storeImgurAuthorization,
  storeImgurTokens,
  type ImageHost,
  type ImgurConfig,
} from '../../src/data/image-hosts';
import { decodeStored, encodeStored, Store } from '../../src/data/storage';

const NOW = 1_700_000_000_000;
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
const png = (name = 'cat.photo.png') => new File([PNG_BYTES], name, { type: 'image/png' });
const PNG_BASE64 = Buffer.from(PNG_BYTES).toString('base64');
const imgur = (change: Partial<ImgurConfig> = {}): ImgurConfig => ({
  ...imageHostConfigKey.defaultValue().configurations.imgur,
  ...change,
});
const ok = (text: string, status = 200): HttpResponse => ({ status, text });
const form = (body: HttpRequest['body']) => (body instanceof FormData ? body : new URLSearchParams(typeof body === 'string' ? body : ''));

/** A store with the given host settings, a recording fake transport and the toasts said. */
function setup(
  host: ImageHost,
  configs: { imgbb?: object; imgur?: Partial<ImgurConfig>; catbox?: object } = {},
  answer: (r: HttpRequest) => HttpResponse | Promise<HttpResponse> = () => ok(''),
) {
  const store = new Store(memoryBackend(), () => {});
  const d = imageHostConfigKey.defaultValue();
  store.set(imageHostConfigKey, {
    selectedHost: host,
    configurations: {
      imgbb: { ...d.configurations.imgbb, ...configs.imgbb },
      imgur: { ...d.configurations.imgur, ...configs.imgur },
      catbox: { ...d.configurations.catbox, ...configs.catbox },
    },
  });
  const requests: HttpRequest[] = [];
  const said: [string, string][] = [];
  const toasts = {
    debug: (m: string) => said.push(['debug', m]),
    success: (m: string) => said.push(['success', m]),
    error: (m: string) => said.push(['error', m]),
  };
  const uploader = new ImageUploader({ store, now: () => NOW, transport: async (r) => (requests.push(r), answer(r)) });
  return { store, requests, said, uploader, toasts };
}

describe('the stored configuration', () => {
  it("defaults to catbox with empty entries, in the original's shape", () => {
    expect(imageHostConfigKey.name).toBe('void-verified-image-host-config');
    expect(imageHostConfigKey.defaultValue()).toEqual({
      selectedHost: 'catbox',
      configurations: {
        imgbb: { name: 'imgbb', apiKey: '' },
        imgur: { name: 'imgur', clientId: '', clientSecret: '', expires: null, refreshToken: null, authToken: null },
        catbox: { name: 'catbox', userHash: '' },
      },
    });
  });

  it("reads the original's raw value and fills what is missing", () => {
    const original = JSON.stringify({
      selectedHost: 'imgur',
      configurations: { imgur: { name: 'imgur', clientId: 'id', clientSecret: 's', expires: 5, refreshToken: 'r', authToken: 't' } },
    });
    const { value, problem } = decodeStored(imageHostConfigKey, original);
    expect(problem).toBeUndefined();
    expect(value.selectedHost).toBe('imgur');
    expect(value.configurations.imgur).toMatchObject({ clientId: 'id', authToken: 't', refreshToken: 'r', expires: 5 });
    expect(value.configurations.catbox).toEqual({ name: 'catbox', userHash: '' });
    expect(decodeStored(imageHostConfigKey, JSON.stringify({ selectedHost: 'flickr' })).problem).toMatch(/selectedHost/);
    const round = decodeStored(imageHostConfigKey, encodeStored(imageHostConfigKey, value));
    expect(round.value).toEqual(value);
  });
});

describe('pure helpers', () => {
  it('drops the extension from file names', () => {
    expect(baseName('cat.photo.png')).toBe('cat.photo');
    expect(baseName('image.png')).toBe('image');
    expect(baseName('noext')).toBe('noext');
    expect(baseName('.hidden')).toBe('.hidden');
  });

  it('reads a file as base64 without a data: prefix', async () => {
    expect(await fileBase64(png())).toBe(PNG_BASE64);
    const big = new Uint8Array(100_000).map((_, i) => i % 251);
    expect(await fileBase64(new Blob([big]))).toBe(Buffer.from(big).toString('base64'));
  });

  it('builds the imgur authorize URL', () => {
    expect(imgurAuthorizeUrl(' abc ')).toBe('https://api.imgur.com/oauth2/authorize?client_id=abc&response_type=token');
  });
});

describe('the imgur OAuth return', () => {
  it('is stored, and Clear Authorization asks, then nulls the token and the refresh token', async () => {
    const { store } = setup('imgur', { imgur: { clientId: 'id', clientSecret: 'secret' } });
    storeImgurTokens(store, { authToken: 't', expires: NOW + 1000, refreshToken: 'r' });
    expect(store.get(imageHostConfigKey).configurations.imgur).toMatchObject({
      clientId: 'id',
      clientSecret: 'secret',
      authToken: 't',
      refreshToken: 'r',
      expires: NOW + 1000,
    });
    // A refresh answer without a new refresh token keeps the old one.
    storeImgurTokens(store, { authToken: 't2', expires: NOW + 2000, refreshToken: null });
    expect(store.get(imageHostConfigKey).configurations.imgur).toMatchObject({ authToken: 't2', refreshToken: 'r' });
    // A new authorization replaces all three: no refresh token of an earlier account stays.
    storeImgurAuthorization(store, { authToken: 't3', expires: null, refreshToken: null });
    expect(store.get(imageHostConfigKey).configurations.imgur).toMatchObject({
      clientId: 'id',
      clientSecret: 'secret',
      authToken: 't3',
      refreshToken: null,
      expires: null,
    });
    const asked: string[] = [];
    expect(await clearImgurAuthorization({ store, confirm: async (text) => (asked.push(text), false) })).toBe(false);
    expect(store.get(imageHostConfigKey).configurations.imgur).toMatchObject({ authToken: 't3' });
    expect(await clearImgurAuthorization({ store, confirm: async (text) => (asked.push(text), true) })).toBe(true);
    expect(asked).toEqual([CLEAR_IMGUR_QUESTION, CLEAR_IMGUR_QUESTION]);
    expect(store.get(imageHostConfigKey).configurations.imgur).toMatchObject({
      clientId: 'id',
      clientSecret: 'secret',
      authToken: null,
      refreshToken: null,
    });
  });
});

describe('what the settings write', () => {
  it('knows the credentials: every field but the public imgur client id', () => {
    expect(isSecretField('imgbb', 'apiKey')).toBe(true);
    expect(isSecretField('imgur', 'clientSecret')).toBe(true);
    expect(isSecretField('catbox', 'userHash')).toBe(true);
    expect(isSecretField('imgur', 'clientId')).toBe(false);
  });

  it('an entered credential replaces the stored one (trimmed); an empty one keeps it; a public value is taken as entered', () => {
    const { store } = setup('imgur', { imgbb: { apiKey: 'bb' }, imgur: { clientId: 'old-id', clientSecret: 'old-secret' } });
    saveEntered(store, 'imgur', { clientSecret: '', clientId: '  new-id ' });
    expect(store.get(imageHostConfigKey).configurations.imgur).toMatchObject({ clientId: 'new-id', clientSecret: 'old-secret' });
    saveEntered(store, 'imgur', { clientSecret: '   ' });
    expect(store.get(imageHostConfigKey).configurations.imgur.clientSecret).toBe('old-secret');
    saveEntered(store, 'imgur', { clientSecret: ' new-secret ' });
    saveEntered(store, 'imgbb', {});
    expect(store.get(imageHostConfigKey).configurations).toMatchObject({
      imgur: { clientId: 'new-id', clientSecret: 'new-secret' },
      imgbb: { apiKey: 'bb' },
    });
    // The public client id may be emptied.
    saveEntered(store, 'imgur', { clientId: '' });
    expect(store.get(imageHostConfigKey).configurations.imgur.clientId).toBe('');
  });

  it('Remove forgets one stored value and nothing else', () => {
    const { store } = setup('catbox', { catbox: { userHash: 'hash' }, imgbb: { apiKey: 'bb' } });
    removeEntered(store, 'catbox', 'userHash');
    expect(store.get(imageHostConfigKey).configurations).toMatchObject({ catbox: { userHash: '' }, imgbb: { apiKey: 'bb' } });
  });
});

describe('the imgur refresh decision', () => {
  const due = imgur({ clientId: 'id', clientSecret: 's', refreshToken: 'r', authToken: 't', expires: NOW - 1 });

  it('refreshes only once expired with a refresh token, a secret and a client id', () => {
    expect(shouldRefreshImgur(due, NOW)).toBe(true);
    expect(shouldRefreshImgur({ ...due, expires: NOW }, NOW)).toBe(true);
    expect(shouldRefreshImgur({ ...due, expires: NOW + 1 }, NOW)).toBe(false);
    expect(shouldRefreshImgur({ ...due, expires: null }, NOW)).toBe(false);
    expect(shouldRefreshImgur({ ...due, refreshToken: null }, NOW)).toBe(false);
    expect(shouldRefreshImgur({ ...due, clientSecret: ' ' }, NOW)).toBe(false);
    expect(shouldRefreshImgur({ ...due, clientId: '' }, NOW)).toBe(false);
  });

  it('builds the token request', () => {
    const r = imgurRefreshRequest(due);
    expect(r.method).toBe('POST');
    expect(r.url).toBe('https://api.imgur.com/oauth2/token');
    expect(Object.fromEntries(form(r.body))).toEqual({
      refresh_token: 'r',
      client_id: 'id',
      client_secret: 's',
      grant_type: 'refresh_token',
    });
  });

  it('reads the answer in seconds; a non-200 answer is a failure', () => {
    const body = JSON.stringify({ access_token: 'new', expires_in: 3600, refresh_token: 'r2' });
    expect(parseRefresh(ok(body), NOW)).toEqual({ authToken: 'new', expires: NOW + 3_600_000, refreshToken: 'r2' });
    expect(parseRefresh(ok(body, 400), NOW)).toBeNull();
    expect(parseRefresh(ok(body, 500), NOW)).toBeNull();
    expect(parseRefresh(ok('{"error":"invalid_grant"}'), NOW)).toBeNull();
    expect(parseRefresh(ok('<html>'), NOW)).toBeNull();
  });

  it('stores the new token with a success toast', async () => {
    const t = setup('imgur', { imgur: due }, () => ok(JSON.stringify({ access_token: 'new', expires_in: 3600, refresh_token: 'r2' })));
    expect(await refreshImgur(t.toasts, t.uploader)).toBe(true);
    expect(t.store.get(imageHostConfigKey).configurations.imgur).toMatchObject({
      authToken: 'new',
      refreshToken: 'r2',
      expires: NOW + 3_600_000,
    });
    expect(t.said).toEqual([['success', IMAGE_HOST_TOASTS.refreshed]]);
    expect(IMAGE_HOST_TOASTS.refreshed).toBe('Refreshed imgur access token.');
  });

  it('says so when imgur refuses, and keeps the old values', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const t = setup('imgur', { imgur: due }, () => ok('{"data":{"error":"Invalid refresh token"}}', 400));
    expect(await refreshImgur(t.toasts, t.uploader)).toBe(false);
    expect(t.store.get(imageHostConfigKey).configurations.imgur.authToken).toBe('t');
    expect(t.said).toEqual([['error', 'Error while refreshing imgur token.']]);
  });

  it('sends nothing when not due, and one request for concurrent calls', async () => {
    const idle = setup('imgur', { imgur: { ...due, expires: NOW + 60_000 } });
    expect(await refreshImgur(idle.toasts, idle.uploader)).toBe(false);
    expect(idle.requests).toEqual([]);
    const t = setup('imgur', { imgur: due }, () => ok(JSON.stringify({ access_token: 'new', expires_in: 60 })));
    await Promise.all([refreshImgur(t.toasts, t.uploader), refreshImgur(t.toasts, t.uploader)]);
    expect(t.requests).toHaveLength(1);
  });
});

describe('request building and answers', () => {
  it('catbox: multipart reqtype, fileToUpload, and userhash only when set', () => {
    const r = catboxRequest(png(), '');
    expect(r).toMatchObject({ method: 'POST', url: 'https://catbox.moe/user/api.php' });
    const body = r.body as FormData;
    expect(body.get('reqtype')).toBe('fileupload');
    expect((body.get('fileToUpload') as File).name).toBe('cat.photo.png');
    expect(body.has('userhash')).toBe(false);
    expect((catboxRequest(png(), ' hash ').body as FormData).get('userhash')).toBe('hash');
    expect(r.headers?.Authorization).toBeUndefined();
  });

  it('catbox: the answer text is the URL; anything else or a non-200 fails', () => {
    expect(catboxUrl(ok('https://files.catbox.moe/abc.png'))).toBe('https://files.catbox.moe/abc.png');
    expect(catboxUrl(ok('https://files.catbox.moe/abc.png', 500))).toBeNull();
    expect(catboxUrl(ok('http://files.catbox.moe/abc.png'))).toBeNull();
    expect(catboxUrl(ok('Error: file type not allowed'))).toBeNull();
    expect(catboxUrl(ok(''))).toBeNull();
  });

  it('imgbb: key in the query, form of image (base64) and name without extension', () => {
    const r = imgbbRequest('k&y', PNG_BASE64, 'cat.photo.png');
    expect(r.url).toBe('https://api.imgbb.com/1/upload?key=k%26y');
    expect(Object.fromEntries(form(r.body))).toEqual({ image: PNG_BASE64, name: 'cat.photo' });
    expect(imgbbUrl(ok(JSON.stringify({ data: { url: 'https://i.ibb.co/x/y.png' } })))).toBe('https://i.ibb.co/x/y.png');
    expect(imgbbUrl(ok(JSON.stringify({ data: { url: 'https://i.ibb.co/x/y.png' } }), 400))).toBeNull();
    expect(imgbbUrl(ok(JSON.stringify({ error: { message: 'Invalid API v1 key.' } })))).toBeNull();
  });

  it('imgur: image (base64) and title; Bearer with a valid token, else Client-ID', () => {
    const anonymous = imgurRequest(imgur({ clientId: 'cid' }), PNG_BASE64, 'cat.photo.png', NOW);
    expect(anonymous).toMatchObject({ method: 'POST', url: 'https://api.imgur.com/3/image', headers: { Authorization: 'Client-ID cid' } });
    expect(Object.fromEntries(form(anonymous.body))).toEqual({ image: PNG_BASE64, title: 'cat.photo' });
    expect(
      imgurRequest(imgur({ clientId: 'cid', authToken: 'tok', expires: NOW + 1 }), PNG_BASE64, 'a.png', NOW).headers?.Authorization,
    ).toBe('Bearer tok');
    expect(imgurRequest(imgur({ clientId: 'cid', authToken: 'tok', expires: null }), PNG_BASE64, 'a.png', NOW).headers?.Authorization).toBe(
      'Bearer tok',
    );
    // An expired token that could not be refreshed would only fail: upload anonymously instead.
    expect(
      imgurRequest(imgur({ clientId: 'cid', authToken: 'tok', expires: NOW - 1 }), PNG_BASE64, 'a.png', NOW).headers?.Authorization,
    ).toBe('Client-ID cid');
    expect(imgurUrl(ok(JSON.stringify({ data: { link: 'https://i.imgur.com/z.png' } })))).toBe('https://i.imgur.com/z.png');
    expect(imgurUrl(ok(JSON.stringify({ data: { error: 'x' } }), 403))).toBeNull();
  });
});

describe('uploading', () => {
  it('catbox: debug toast, URL from the answer', async () => {
    const t = setup('catbox', { catbox: { userHash: 'h' } }, () => ok('https://files.catbox.moe/abc.png'));
    expect(await uploadImages(t.toasts, t.uploader, [png()])).toEqual(['https://files.catbox.moe/abc.png']);
    expect(t.requests).toHaveLength(1);
    expect((t.requests[0]!.body as FormData).get('userhash')).toBe('h');
    expect(t.said).toEqual([['debug', 'Uploading image to catbox.']]);
  });

  it('catbox: a failure toasts and yields nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const t = setup('catbox', {}, () => ok('Internal error', 500));
    expect(await uploadImages(t.toasts, t.uploader, [png()])).toEqual([]);
    expect(t.said).toEqual([
      ['debug', 'Uploading image to catbox.'],
      ['error', 'Failed to upload image to catbox.'],
    ]);
    const down = setup('catbox', {}, () => Promise.reject(new Error('network error')));
    expect(await uploadImages(down.toasts, down.uploader, [png()])).toEqual([]);
    expect(down.said.at(-1)).toEqual(['error', 'Failed to upload image to catbox.']);
  });

  it('imgbb: debug and success toasts; a failure toasts', async () => {
    const t = setup('imgbb', { imgbb: { apiKey: 'key' } }, () => ok(JSON.stringify({ data: { url: 'https://i.ibb.co/x/y.png' } })));
    expect(await uploadImages(t.toasts, t.uploader, [png()])).toEqual(['https://i.ibb.co/x/y.png']);
    expect(t.requests[0]!.url).toBe('https://api.imgbb.com/1/upload?key=key');
    expect(t.said).toEqual([
      ['debug', 'Uploading image to imgbb.'],
      ['success', 'Uploaded image to imgbb.'],
    ]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const bad = setup('imgbb', { imgbb: { apiKey: 'key' } }, () => ok('{"error":{"message":"Invalid API v1 key."}}', 400));
    expect(await uploadImages(bad.toasts, bad.uploader, [png()])).toEqual([]);
    expect(bad.said).toEqual([
      ['debug', 'Uploading image to imgbb.'],
      ['error', 'Failed to upload image to imgbb.'],
    ]);
  });

  it('imgbb without a key, imgur without a client id: silently nothing', async () => {
    for (const t of [setup('imgbb', { imgbb: { apiKey: '  ' } }), setup('imgur', { imgur: { clientId: '' } })]) {
      expect(await uploadImages(t.toasts, t.uploader, [png()])).toEqual([]);
      expect(t.requests).toEqual([]);
      expect(t.said).toEqual([]);
    }
  });

  it('imgur: success and failure toasts', async () => {
    const t = setup('imgur', { imgur: { clientId: 'cid' } }, () => ok(JSON.stringify({ data: { link: 'https://i.imgur.com/z.png' } })));
    expect(await uploadImages(t.toasts, t.uploader, [png()])).toEqual(['https://i.imgur.com/z.png']);
    expect(t.requests[0]!.headers?.Authorization).toBe('Client-ID cid');
    expect(t.said).toEqual([['success', 'Uploaded image to imgur.']]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const bad = setup('imgur', { imgur: { clientId: 'cid' } }, () => ok('{"data":{"error":"Bad"}}', 400));
    expect(await uploadImages(bad.toasts, bad.uploader, [png()])).toEqual([]);
    expect(bad.said).toEqual([['error', 'Failed to upload image to imgur.']]);
  });

  it('imgur: refreshes an expired token first, then uploads with it', async () => {
    const t = setup(
      'imgur',
      { imgur: { clientId: 'cid', clientSecret: 's', authToken: 'old', refreshToken: 'r', expires: NOW - 1 } },
      (r) =>
        r.url.endsWith('/oauth2/token')
          ? ok(JSON.stringify({ access_token: 'fresh', expires_in: 3600 }))
          : ok(JSON.stringify({ data: { link: 'https://i.imgur.com/z.png' } })),
    );
    expect(await uploadImages(t.toasts, t.uploader, [png()])).toEqual(['https://i.imgur.com/z.png']);
    expect(t.requests.map((r) => r.url)).toEqual(['https://api.imgur.com/oauth2/token', 'https://api.imgur.com/3/image']);
    expect(t.requests[1]!.headers?.Authorization).toBe('Bearer fresh');
  });

  it('refuses a second upload while one runs (the lock), and frees it afterwards', async () => {
    let release: (r: HttpResponse) => void = () => {};
    const t = setup('catbox', {}, () => new Promise<HttpResponse>((resolve) => (release = resolve)));
    const first = uploadImages(t.toasts, t.uploader, [png('a.png'), png('b.png')]);
    expect(t.uploader.busy).toBe(true);
    expect(await uploadImages(t.toasts, t.uploader, [png()])).toBeNull();
    release(ok('https://files.catbox.moe/1.png'));
    await vi.waitFor(() => expect(t.requests).toHaveLength(2));
    release(ok('https://files.catbox.moe/2.png'));
    expect(await first).toEqual(['https://files.catbox.moe/1.png', 'https://files.catbox.moe/2.png']);
    expect(t.uploader.busy).toBe(false);
    const again = uploadImages(t.toasts, t.uploader, [png()]);
    await vi.waitFor(() => expect(t.requests).toHaveLength(3));
    release(ok('https://files.catbox.moe/3.png'));
    expect(await again).toEqual(['https://files.catbox.moe/3.png']);
  });
});

describe('transports', () => {
  it("the manager's request: answers resolve, errors reject, no cookies", async () => {
    type Details = Parameters<Parameters<typeof gmTransport>[0]>[0];
    const seen: Details[] = [];
    const send = gmTransport((d) => {
      seen.push(d);
      if (d.url.includes('fail')) d.onerror({});
      else d.onload({ status: 201, responseText: 'ok' });
      return undefined;
    });
    expect(await send({ method: 'POST', url: 'https://catbox.moe/user/api.php', body: 'x' })).toEqual({ status: 201, text: 'ok' });
    expect(seen[0]).toMatchObject({ method: 'POST', url: 'https://catbox.moe/user/api.php', data: 'x', anonymous: true });
    await expect(send({ method: 'GET', url: 'https://x/fail' })).rejects.toThrow(/network error/);
  });

  it('fetch without credentials', async () => {
    const fetcher = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) => new Response('https://files.catbox.moe/a.png', { status: 200 }),
    );
    const res = await fetchTransport(fetcher)({ method: 'POST', url: 'https://catbox.moe/user/api.php', body: 'b' });
    expect(res).toEqual({ status: 200, text: 'https://files.catbox.moe/a.png' });
    expect(fetcher.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', credentials: 'omit', body: 'b' });
  });
});
