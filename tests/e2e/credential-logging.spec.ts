import type { ConsoleMessage } from '@playwright/test';
import { expect, scriptStarted, test } from './fixtures';
import { pasteImage } from './real-input';

/** Credentials never reach the console: a failed image upload names the host, not the address with its key. */

const KEY = 'bb-secret-key-4711';
const HOST_TEXTAREA = '.activity-edit textarea.el-textarea__inner';
const stored = (data: unknown) => JSON.stringify({ v: 1, data });
const SEED = {
  'void-verified-settings': stored({ pasteImagesToHostService: true }),
  'void-verified-image-host-config': stored({
    selectedHost: 'imgbb',
    configurations: {
      imgbb: { name: 'imgbb', apiKey: KEY },
      imgur: { name: 'imgur', clientId: '', clientSecret: '', expires: null, refreshToken: null, authToken: null },
      catbox: { name: 'catbox', userHash: '' },
    },
  }),
};

/** A console message's text with its arguments as the page holds them (an Error's message and stack). */
async function fullText(message: ConsoleMessage): Promise<string> {
  const args = await Promise.all(
    message
      .args()
      .map((arg) =>
        arg
          .evaluate((v) => (v instanceof Error ? `${v.message}\n${v.stack ?? ''}` : typeof v === 'string' ? v : JSON.stringify(v)))
          .catch(() => ''),
      ),
  );
  return [message.text(), ...args].join('\n');
}

for (const failure of ['network', 'http'] as const) {
  test(`an imgbb upload that fails (${failure === 'network' ? 'no answer' : 'HTTP 500'}) logs the host, never the key`, async ({
    page,
    host,
  }) => {
    const messages: Promise<string>[] = [];
    page.on('console', (message) => messages.push(fullText(message)));
    if (failure === 'network') await page.route('https://api.imgbb.com/**', (route) => route.abort('failed'));
    else host.imageFailures.imgbb = 500;
    await host.goto('/home', { seed: SEED });
    await scriptStarted(page);
    await pasteImage(page.locator(HOST_TEXTAREA).first());
    await expect(page.locator('.vv-toast').filter({ hasText: 'Failed to upload image to imgbb.' })).toBeVisible();
    const texts = await Promise.all(messages);
    // The failure was logged, by host.
    expect(texts.some((t) => t.includes('[VoidVerified] image upload to api.imgbb.com failed'))).toBe(true);
    for (const text of texts) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain('key=');
    }
  });
}
