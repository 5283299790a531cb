/**
 * What several specs read and write the same way: stored values as the manager keeps them (an
 * envelope `{ v, data }`), the settings' sub-tabs, toasts, and the host's signed-in account snapshot.
 */
import type { Page } from '@playwright/test';
import type { Host } from './fixtures';

/** A stored value as the script writes it. */
export const envelope = (data: unknown) => JSON.stringify({ v: 1, data });
/** Toasts of every level, shown for 10 s at the bottom left. */
export const LOUD = { 'void-verified-toaster-config': envelope({ toastLevel: 0, duration: 10, location: 'bottom-left' }) };
export const toasts = (page: Page) => page.locator('.vv-toast');
export const settings = (page: Page) => page.locator('[data-void-ui="settings"]');
export const subTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Feature settings' }).getByRole('tab', { name, exact: true });
/** A stored value as the manager holds it (the shim's dump), its data; read in the script's world. */
export const stored = (host: Host, key: string) =>
  host.evalInScript((k) => {
    const raw = (window as unknown as { __gm: { dump(): Record<string, unknown> } }).__gm.dump()[k];
    return typeof raw === 'string' ? (JSON.parse(raw) as { data: unknown }).data : undefined;
  }, key);
/** What a page script writes to switch the host's signed-in account (the host's own snapshot shape). */
export const snapshotOf = (id: number, name: string) => ({
  id,
  name,
  avatar: { large: `https://s4.anilist.co/file/${name}.png` },
  donatorTier: 0,
  options: { profileColor: 'blue', disabledListActivity: [] },
});
