import { NOTHING_CHANGED } from './api-errors';
import { formEncoded, multipart, parseJson } from './builtins';
import { defaultTransport, type HttpRequest, type HttpResponse, type Transport } from './gm-request';
import { s } from './schema';
import { defineKey, type SecretField, type Store, fixedShape } from './storage';

/**
 * Image hosts: the stored configuration, request building and
 * answer reading for catbox, imgbb and imgur (pure), the imgur OAuth return and token refresh, and
 * an uploader with the upload-in-progress lock. Nothing here touches the DOM, and nothing here
 * ever sees the AniList token: requests carry only what the image host configuration holds.
 */

export const IMAGE_HOSTS = ['imgbb', 'imgur', 'catbox'] as const;
export type ImageHost = (typeof IMAGE_HOSTS)[number];

const CONFIG_DEFAULTS = {
  selectedHost: 'catbox' as ImageHost,
  configurations: {
    imgbb: { name: 'imgbb', apiKey: '' },
    imgur: {
      name: 'imgur',
      clientId: '',
      clientSecret: '',
      expires: null as number | null,
      refreshToken: null as string | null,
      authToken: null as string | null,
    },
    catbox: { name: 'catbox', userHash: '' },
  },
};
export type ImageHostConfig = typeof CONFIG_DEFAULTS;
export type ImgurConfig = ImageHostConfig['configurations']['imgur'];

const field = s.string({ max: 2000 });

/**
 * The credentials in the configuration: never exported; an imported file's are taken only when
 * the user agrees. imgur's client id is public (it names the app), its secret and tokens are not;
 * the expiry travels with the token.
 */
export const IMAGE_HOST_SECRETS: readonly SecretField[] = [
  { label: 'imgbb API key', paths: [['configurations', 'imgbb', 'apiKey']] },
  { label: 'imgur client secret', paths: [['configurations', 'imgur', 'clientSecret']] },
  {
    label: 'imgur access and refresh tokens',
    paths: [
      ['configurations', 'imgur', 'authToken'],
      ['configurations', 'imgur', 'refreshToken'],
      ['configurations', 'imgur', 'expires'],
    ],
  },
  { label: 'catbox user hash', paths: [['configurations', 'catbox', 'userHash']] },
];
const defaults = () => structuredClone(CONFIG_DEFAULTS);

/** The original VoidVerified's key and shape (`{selectedHost, configurations: {imgbb, imgur, catbox}}`). */
export const imageHostConfigKey = defineKey({
  name: 'void-verified-image-host-config',
  original: 'imageHostConfig',
  cap: fixedShape,
  description: 'The selected image host and each host’s keys.',
  secrets: IMAGE_HOST_SECRETS,
  schema: s.object(
    {
      selectedHost: s.enum(IMAGE_HOSTS),
      configurations: s.object(
        {
          imgbb: s.object({ name: s.string({ max: 20 }), apiKey: field }, { defaults: CONFIG_DEFAULTS.configurations.imgbb }),
          imgur: s.object(
            {
              name: s.string({ max: 20 }),
              clientId: field,
              clientSecret: field,
              expires: s.nullable(s.number()),
              refreshToken: s.nullable(field),
              authToken: s.nullable(field),
            },
            { defaults: CONFIG_DEFAULTS.configurations.imgur },
          ),
          catbox: s.object({ name: s.string({ max: 20 }), userHash: field }, { defaults: CONFIG_DEFAULTS.configurations.catbox }),
        },
        { defaults: CONFIG_DEFAULTS.configurations },
      ),
    },
    { defaults: CONFIG_DEFAULTS },
  ),
  defaultValue: defaults,
  migrations: {
    // The original stored imgur's token expiry as a Date, which JSON writes as an ISO string.
    1: (old) => {
      const imgur = (old as { configurations?: { imgur?: unknown } } | null)?.configurations?.imgur;
      if (typeof imgur !== 'object' || imgur === null || typeof (imgur as { expires?: unknown }).expires !== 'string') return old;
      const at = Date.parse((imgur as { expires: string }).expires);
      const o = old as { configurations: Record<string, unknown> };
      return { ...o, configurations: { ...o.configurations, imgur: { ...imgur, expires: Number.isFinite(at) ? at : null } } };
    },
  },
});

// --- Endpoints -------------------------------------------------------------------------------

export const CATBOX_URL = 'https://catbox.moe/user/api.php';
export const IMGBB_URL = 'https://api.imgbb.com/1/upload';
/** Where to get an imgbb API key (the note in the settings links here). */
export const IMGBB_KEY_PAGE = 'https://api.imgbb.com/';
export const IMGUR_UPLOAD_URL = 'https://api.imgur.com/3/image';
export const IMGUR_TOKEN_URL = 'https://api.imgur.com/oauth2/token';
export const IMGUR_ADD_CLIENT_URL = 'https://api.imgur.com/oauth2/addclient';
/** The account a token belongs to, asked with that token. */
export const IMGUR_ACCOUNT_URL = 'https://api.imgur.com/3/account/me';
export const IMGUR_CALLBACK_URL = 'https://anilist.co/settings/developer#void_imgur';
export const IMGUR_HASH_MARKER = 'void_imgur';

export const imgurAuthorizeUrl = (clientId: string) =>
  `https://api.imgur.com/oauth2/authorize?client_id=${encodeURIComponent(clientId.trim())}&response_type=token`;

// --- Pure helpers ----------------------------------------------------------------------------

/** 'cat.photo.png' → 'cat.photo'; a name without an extension stays as it is. */
export function baseName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/** A file's bytes as base64, without a `data:` prefix. */
export async function fileBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

// Bodies are built through the built-ins as they were at start-up: they carry keys and tokens.
const formBody = formEncoded;
const FORM_HEADERS = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** catbox: multipart reqtype, fileToUpload and, only when set, userhash. */
export function catboxRequest(file: File, userHash: string): HttpRequest {
  const hash: (readonly [string, string])[] = userHash.trim() ? [['userhash', userHash.trim()]] : [];
  const form = multipart([['reqtype', 'fileupload'], ...hash, ['fileToUpload', file, file.name]]);
  return { method: 'POST', url: CATBOX_URL, body: form };
}

/** imgbb: the key in the query, a form of image (base64) and name (without extension). */
export function imgbbRequest(apiKey: string, base64: string, fileName: string): HttpRequest {
  return {
    method: 'POST',
    url: `${IMGBB_URL}?key=${encodeURIComponent(apiKey.trim())}`,
    headers: FORM_HEADERS,
    body: formBody({ image: base64, name: baseName(fileName) }),
  };
}

/** Whether the stored imgur token can be used (present and, when it has an expiry, not past it). */
export function imgurTokenValid(imgur: ImgurConfig, now: number): boolean {
  return !!imgur.authToken && (imgur.expires === null || imgur.expires > now);
}

/**
 * imgur: multipart image (base64) and title; Bearer with the account token while it is valid (an
 * expired one that could not be refreshed would only fail), else the anonymous Client-ID.
 */
export function imgurRequest(imgur: ImgurConfig, base64: string, fileName: string, now: number): HttpRequest {
  const authorization = imgurTokenValid(imgur, now) ? `Bearer ${imgur.authToken}` : `Client-ID ${imgur.clientId.trim()}`;
  const form = multipart([
    ['image', base64],
    ['title', baseName(fileName)],
  ]);
  return { method: 'POST', url: IMGUR_UPLOAD_URL, headers: { Authorization: authorization }, body: form };
}

export function imgurRefreshRequest(imgur: ImgurConfig): HttpRequest {
  return {
    method: 'POST',
    url: IMGUR_TOKEN_URL,
    headers: FORM_HEADERS,
    body: formBody({
      refresh_token: imgur.refreshToken ?? '',
      client_id: imgur.clientId.trim(),
      client_secret: imgur.clientSecret.trim(),
      grant_type: 'refresh_token',
    }),
  };
}

/** Refresh when the expiry has passed and a refresh token, the secret and the client id exist. */
export function shouldRefreshImgur(imgur: ImgurConfig, now: number): boolean {
  return imgur.expires !== null && imgur.expires <= now && !!imgur.refreshToken && !!imgur.clientSecret.trim() && !!imgur.clientId.trim();
}

function json(res: HttpResponse): Record<string, unknown> | null {
  try {
    // imgur's answers carry its access and refresh tokens: read with JSON as it was at start-up.
    const value: unknown = parseJson(res.text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
const httpsUrl = (value: unknown): string | null =>
  typeof value === 'string' && /^https:\/\/\S+$/.test(value.trim()) ? value.trim() : null;
const dataField = (res: HttpResponse, name: string): string | null => {
  if (res.status !== 200) return null;
  const data = json(res)?.data;
  return typeof data === 'object' && data !== null ? httpsUrl((data as Record<string, unknown>)[name]) : null;
};

/** catbox answers the URL as plain text; anything else (or a non-200 status) is a failure. */
export const catboxUrl = (res: HttpResponse): string | null => (res.status === 200 ? httpsUrl(res.text) : null);
export const imgbbUrl = (res: HttpResponse): string | null => dataField(res, 'url');
export const imgurUrl = (res: HttpResponse): string | null => dataField(res, 'link');

/** Asks imgur whose `token` is (its account base: `data.url` is the user name). */
export function imgurAccountRequest(token: string): HttpRequest {
  return { method: 'GET', url: IMGUR_ACCOUNT_URL, headers: { Authorization: `Bearer ${token}` } };
}

/** What imgur says about a token: its account's name, that it does not accept the token, or that it could not be told. */
export type ImgurAccount = { kind: 'named'; name: string } | { kind: 'refused' } | { kind: 'unknown' };

/** imgur's account answer: 401 and 403 refuse the token; a plausible `data.url` names the account. */
export function imgurAccountOf(res: HttpResponse): ImgurAccount {
  if (res.status === 401 || res.status === 403) return { kind: 'refused' };
  if (res.status !== 200) return { kind: 'unknown' };
  const data = json(res)?.data;
  const name = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).url : null;
  return typeof name === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(name) ? { kind: 'named', name } : { kind: 'unknown' };
}

/**
 * Whose a newly returned imgur token is, asked of imgur with the token itself through the
 * manager's request (the account name in the return link is the link's to choose). A request that
 * fails says nothing about the account.
 */
export async function askImgurAccount(token: string, transport: Transport = defaultTransport()): Promise<ImgurAccount> {
  try {
    return imgurAccountOf(await transport(imgurAccountRequest(token)));
  } catch (error) {
    console.warn('[VoidVerified] could not ask imgur whose the returned token is', error);
    return { kind: 'unknown' };
  }
}

export interface ImgurTokens {
  authToken: string;
  /** Milliseconds since the epoch; expires_in is in seconds. */
  expires: number | null;
  refreshToken: string | null;
}

const expiryFrom = (seconds: unknown, now: number): number | null => {
  const n = typeof seconds === 'string' ? Number(seconds) : seconds;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? now + n * 1000 : null;
};

/** The refresh answer; null for a non-200 status or an answer without a token. */
export function parseRefresh(res: HttpResponse, now: number): ImgurTokens | null {
  if (res.status !== 200) return null;
  const body = json(res);
  const token = body?.access_token;
  if (typeof token !== 'string' || !token.trim()) return null;
  const refresh = body?.refresh_token;
  return {
    authToken: token.trim(),
    expires: expiryFrom(body?.expires_in, now),
    refreshToken: typeof refresh === 'string' && refresh ? refresh : null,
  };
}

type HostConfig<H extends ImageHost> = ImageHostConfig['configurations'][H];

/** Lays `change` (made from what is stored) over a host's stored configuration. */
function updateHost<H extends ImageHost>(store: Store, host: H, change: (stored: HostConfig<H>) => Partial<HostConfig<H>>): void {
  store.update(imageHostConfigKey, (c) => ({
    ...c,
    configurations: { ...c.configurations, [host]: { ...c.configurations[host], ...change(c.configurations[host]) } },
  }));
}

/** Stores new imgur tokens (a refresh answer without a refresh token keeps the old one). */
export function storeImgurTokens(store: Store, tokens: ImgurTokens): void {
  updateHost(store, 'imgur', (imgur) => ({ ...tokens, refreshToken: tokens.refreshToken ?? imgur.refreshToken }));
}

/**
 * Stores the tokens of a new authorization (the OAuth return, read by `parseImgurReturn` in
 * oauth.ts): all three replace the old ones, so a refresh token of an earlier account never stays.
 */
export function storeImgurAuthorization(store: Store, tokens: ImgurTokens): void {
  updateHost(store, 'imgur', () => tokens);
}

/** What Clear Authorization asks first: it drops a credential, whatever starts it. */
export const CLEAR_IMGUR_QUESTION = 'Clear the imgur authorization? Uploads then go to imgur anonymously until you authorize again.';

/**
 * Clear Authorization: forgets the token and the refresh token (client id and secret stay), once
 * the person said yes. Resolves whether it cleared.
 */
export async function clearImgurAuthorization(svc: { store: Store; confirm(text: string): Promise<boolean> }): Promise<boolean> {
  if (!(await svc.confirm(CLEAR_IMGUR_QUESTION))) return false;
  updateHost(svc.store, 'imgur', () => ({ authToken: null, refreshToken: null, expires: null }));
  return true;
}

// --- What the settings write -------------------------------------------------------------------

/** The values a person enters in the image host settings, per host. */
export const HOST_FIELDS = {
  imgbb: ['apiKey'],
  imgur: ['clientId', 'clientSecret'],
  catbox: ['userHash'],
} as const satisfies Record<ImageHost, readonly string[]>;
export type HostField<H extends ImageHost> = (typeof HOST_FIELDS)[H][number];
export type Entered<H extends ImageHost> = Partial<Record<HostField<H>, string>>;

/** Whether a host's field holds a credential (IMAGE_HOST_SECRETS): the settings never show it. */
export function isSecretField(host: ImageHost, field: string): boolean {
  return IMAGE_HOST_SECRETS.some((secret) => secret.paths.some((path) => path[1] === host && path[2] === field));
}

/**
 * Saves what was entered in a host's settings. Credentials are write-only there: an empty entry
 * keeps the stored one (Remove forgets it); a public value (imgur's client id) is taken as
 * entered. Values are trimmed.
 */
export function saveEntered<H extends ImageHost>(store: Store, host: H, entered: Entered<H>): void {
  const change: Record<string, string> = {};
  for (const field of HOST_FIELDS[host] as readonly HostField<H>[]) {
    const value = entered[field]?.trim();
    if (value === undefined || (value === '' && isSecretField(host, field))) continue;
    change[field] = value;
  }
  updateHost(store, host, () => change as Partial<HostConfig<H>>);
}

/** Remove: forgets one stored value of a host's settings. */
export function removeEntered<H extends ImageHost>(store: Store, host: H, field: HostField<H>): void {
  updateHost(store, host, () => ({ [field]: '' }) as Partial<HostConfig<H>>);
}

// --- Uploading -------------------------------------------------------------------------------

/** What uploading says (the paste feature, which owns the paste or drop, says it). */
export const IMAGE_HOST_TOASTS = {
  catboxUploading: 'Uploading image to catbox.',
  catboxFailed: 'Failed to upload image to catbox.',
  imgbbUploading: 'Uploading image to imgbb.',
  imgbbDone: 'Uploaded image to imgbb.',
  imgbbFailed: 'Failed to upload image to imgbb.',
  imgurDone: 'Uploaded image to imgur.',
  imgurFailed: 'Failed to upload image to imgur.',
  refreshed: 'Refreshed imgur access token.',
  refreshFailed: 'Error while refreshing imgur token.',
} as const;

export interface UploaderDeps {
  store: Store;
  transport?: Transport;
  now?: () => number;
}

/** Where each host's uploads go (without the query: imgbb's carries the key). */
const UPLOAD_URLS: Record<ImageHost, string> = { catbox: CATBOX_URL, imgbb: IMGBB_URL, imgur: IMGUR_UPLOAD_URL };

/** One image's upload to the selected host, ready to send: `send` resolves with its URL or throws. */
export interface PreparedUpload {
  host: ImageHost;
  /** Where it goes, without the query (for the console). */
  endpoint: string;
  send(): Promise<string>;
}

/**
 * Uploads images to the selected host. One batch at a time: while one runs (`exclusive`), `busy`
 * is true and further batches are refused without sending anything. Failures are thrown: the
 * owner of the paste or drop reports them (IMAGE_HOST_TOASTS).
 */
export class ImageUploader {
  private running = false;
  private refreshing: Promise<boolean> | null = null;
  private readonly transport: Transport;
  private readonly now: () => number;

  constructor(private readonly deps: UploaderDeps) {
    this.transport = deps.transport ?? defaultTransport();
    this.now = deps.now ?? (() => Date.now());
  }

  get busy(): boolean {
    return this.running;
  }

  /** Runs `batch` holding the upload lock; null, and nothing run, when another batch holds it. */
  async exclusive<T>(batch: () => Promise<T>): Promise<T | null> {
    if (this.running) return null;
    this.running = true;
    try {
      return await batch();
    } finally {
      this.running = false;
    }
  }

  /**
   * Refreshes the imgur token when it is due (see shouldRefreshImgur): true when a new token was
   * stored, false when none was due; the refresh throws when imgur refused. `run` is the caller's
   * way of running it (its owner's report around it); concurrent calls share the first call's run,
   * so one request is sent and one outcome said.
   */
  refreshImgur(run: (refresh: () => Promise<boolean>) => Promise<boolean> = (refresh) => refresh()): Promise<boolean> {
    this.refreshing ??= run(() => this.doRefresh()).finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  private async doRefresh(): Promise<boolean> {
    const imgur = this.deps.store.get(imageHostConfigKey).configurations.imgur;
    if (!shouldRefreshImgur(imgur, this.now())) return false;
    const tokens = parseRefresh(await this.transport(imgurRefreshRequest(imgur)), this.now());
    if (!tokens) throw new Error('imgur refused the refresh');
    storeImgurTokens(this.deps.store, tokens);
    return true;
  }

  /**
   * `file`'s upload to the selected host, or null when nothing is to be sent (imgbb without a key,
   * imgur without a client id, a file that cannot be read). imgur's request is built when sent, so
   * it carries a token refreshed in between.
   */
  async prepare(file: File): Promise<PreparedUpload | null> {
    const config = this.deps.store.get(imageHostConfigKey);
    switch (config.selectedHost) {
      case 'catbox':
        return this.prepared('catbox', () => catboxRequest(file, config.configurations.catbox.userHash), catboxUrl);
      case 'imgbb': {
        const { apiKey } = config.configurations.imgbb;
        const base64 = apiKey.trim() ? await readBase64(file) : null;
        return base64 === null ? null : this.prepared('imgbb', () => imgbbRequest(apiKey, base64, file.name), imgbbUrl);
      }
      case 'imgur': {
        if (!config.configurations.imgur.clientId.trim()) return null;
        const base64 = await readBase64(file);
        if (base64 === null) return null;
        const request = () => imgurRequest(this.deps.store.get(imageHostConfigKey).configurations.imgur, base64, file.name, this.now());
        return this.prepared('imgur', request, imgurUrl);
      }
    }
  }

  private prepared(host: ImageHost, request: () => HttpRequest, read: (res: HttpResponse) => string | null): PreparedUpload {
    return {
      host,
      endpoint: UPLOAD_URLS[host],
      send: async () => {
        const res = await this.transport(request());
        const url = read(res);
        if (!url) throw new Error(`unexpected answer (status ${res.status}): ${res.text.slice(0, 200)}`);
        return url;
      },
    };
  }
}

async function readBase64(file: File): Promise<string | null> {
  try {
    return await fileBase64(file);
  } catch {
    return null;
  }
}

const shared = new WeakMap<Store, ImageUploader>();

/** The page's uploader for this store (so every caller shares one upload-in-progress lock). */
export function imageUploader(deps: UploaderDeps): ImageUploader {
  let uploader = shared.get(deps.store);
  if (!uploader) {
    uploader = new ImageUploader(deps);
    shared.set(deps.store, uploader);
  }
  return uploader;
}

export const HOST_SETTINGS_TEXTS = {
  saved: (host: string) => `Saved the ${host} settings.`,
  removed: (host: string, what: string) => `Removed the ${host} ${what}.`,
};

export const IMGUR_RETURN_TEXTS = {
  notStarted: `Refused an imgur authorization this browser did not start: a link can point your uploads at someone else's imgur account. ${NOTHING_CHANGED} To authorize, use Authorize in the image host settings.`,
  stale: `Refused an imgur authorization started more than 10 minutes ago. ${NOTHING_CHANGED} Authorize again from the image host settings.`,
  noState: `Refused an imgur authorization that came back without the check value this browser sent with it: a link can point your uploads at someone else's imgur account. ${NOTHING_CHANGED} Authorize again from the image host settings.`,
  denied: (error: string) => `imgur did not authorize VoidVerified (${error}). ${NOTHING_CHANGED}`,
  malformed: (problem: string) => `Refused the imgur authorization: ${problem}. ${NOTHING_CHANGED}`,
  notAccepted: `Refused the imgur authorization: imgur did not accept the returned token. ${NOTHING_CHANGED}`,
  replace: (account: string | null) =>
    `Uploads already go to an imgur account. Replace that authorization with the one imgur just returned${account ? ` (account ${account})` : ''}?`,
  kept: 'Kept the existing imgur authorization.',
  done: (account: string | null) => `Authorized imgur${account ? ` as ${account}` : ''}: uploads go to your account.`,
};

/** What an upload to each host says: before it is sent (a debug toast), once it is done, and when it failed. */
export const UPLOAD_TEXTS: Record<ImageHost, { uploading?: string; done?: string; failed: string }> = {
  catbox: { uploading: IMAGE_HOST_TOASTS.catboxUploading, failed: IMAGE_HOST_TOASTS.catboxFailed },
  imgbb: { uploading: IMAGE_HOST_TOASTS.imgbbUploading, done: IMAGE_HOST_TOASTS.imgbbDone, failed: IMAGE_HOST_TOASTS.imgbbFailed },
  imgur: { done: IMAGE_HOST_TOASTS.imgurDone, failed: IMAGE_HOST_TOASTS.imgurFailed },
};
