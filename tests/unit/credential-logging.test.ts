import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadImages } from '../../src/commands/image-upload';
import { memoryBackend } from '../../src/data/backend';
import { gmTransport, requestHost } from '../../src/data/gm-request';
import { imageHostConfigKey, ImageUploader } from '../../src/data/image-hosts';
import { Store } from '../../src/data/storage';

/** No console message carries a credential: failures name the host, never an address with its query. */

const KEY = 'bb-secret-key-4711';

/** Everything a console call was given, as text (an Error's message and stack included). */
const printed = (calls: unknown[][]) =>
  calls
    .flat()
    .map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack ?? ''}` : typeof arg === 'string' ? arg : JSON.stringify(arg)))
    .join('\n');

afterEach(() => vi.restoreAllMocks());

describe('credentials stay out of console messages', () => {
  it('a manager request that fails names only the host', async () => {
    const send = gmTransport((d) => {
      d.onerror({});
      return undefined;
    });
    const failure = await send({ method: 'POST', url: `https://api.imgbb.com/1/upload?key=${KEY}` }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('POST api.imgbb.com: network error');
  });

  it.each(['onerror', 'ontimeout', 'onabort'] as const)('an imgbb upload whose request fails (%s) logs no key', async (how) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = new Store(memoryBackend(), () => {});
    const d = imageHostConfigKey.defaultValue();
    store.set(imageHostConfigKey, {
      ...d,
      selectedHost: 'imgbb',
      configurations: { ...d.configurations, imgbb: { name: 'imgbb', apiKey: KEY } },
    });
    const transport = gmTransport((details) => {
      details[how]({});
      return undefined;
    });
    const said: string[] = [];
    const uploader = new ImageUploader({ store, transport });
    const toasts = { debug: (m: string) => said.push(m), success: (m: string) => said.push(m), error: (m: string) => said.push(m) };
    expect(await uploadImages(toasts, uploader, [new File(['x'], 'a.png', { type: 'image/png' })])).toEqual([]);
    expect(said).toContain('Failed to upload image to imgbb.');
    expect(error).toHaveBeenCalled();
    const text = printed([...error.mock.calls, ...warn.mock.calls]);
    expect(text).toContain('api.imgbb.com');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('key=');
  });

  it('requestHost never returns more than the host', () => {
    expect(requestHost(`https://api.imgbb.com/1/upload?key=${KEY}`)).toBe('api.imgbb.com');
    expect(requestHost('https://user:pass@example.org:8443/p?q=1#h')).toBe('example.org:8443');
    expect(requestHost(`not a url ?key=${KEY}`)).toBe('an unreadable address');
  });
});
