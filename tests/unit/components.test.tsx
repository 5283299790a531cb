// @vitest-environment happy-dom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Command as Cmdk } from 'cmdk';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { features } from '../../src/commands/features';
import { formatHotkey } from '../../src/commands/hotkeys';
import { Registry } from '../../src/commands/registry';
import { hotkeysKey, quickStartConfigKey } from '../../src/data/config';
import { Providers } from '../../src/panels/overlay';
import { Dashboard } from '../../src/panels/palette/Dashboard';
import { ShortcutsPanel } from '../../src/panels/shortcuts/ShortcutsPanel';
import { LONG_LIST, VerifiedUsers } from '../../src/panels/verified-users/VerifiedUsers';
import { addUser, verifiedUsersKey } from '../../src/data/verified-users';
import { makeTestServices } from './helpers';
import { panelHarness } from './panel-harness';
import { ToastBus } from '../../src/commands/toast-bus';
import { Toaster } from '../../src/panels/Toaster';

const setup = () => panelHarness();

afterEach(() => cleanup());

describe('ShortcutsPanel', () => {
  it('remaps a command by key press and stores it', () => {
    const { services, store, wrap } = setup();
    render(wrap(<ShortcutsPanel ctx={services.context(null)} />));
    const field = screen.getByLabelText('Hotkey for Health');
    fireEvent.keyDown(field, { key: 'h', code: 'KeyH', altKey: true, shiftKey: true });
    expect(store.get(hotkeysKey)).toEqual({ 'health.show': 'alt+shift+h' });
    expect((field as HTMLInputElement).value).toBe('Alt+Shift+H');
  });

  it('refuses a key another command uses, and says which', () => {
    const { services, store, wrap } = setup();
    render(wrap(<ShortcutsPanel ctx={services.context(null)} />));
    const field = screen.getByLabelText('Hotkey for Health');
    fireEvent.keyDown(field, { key: ' ', code: 'Space', ctrlKey: true });
    expect(screen.getByRole('alert').textContent).toContain('Ctrl+Space is already used by Open QuickStart');
    expect(store.get(hotkeysKey)).toEqual({});
  });

  it('shows conflicts that are already stored (an import, another tab)', () => {
    const { services, store, wrap } = setup();
    store.set(hotkeysKey, { 'health.show': 'ctrl+space' });
    render(wrap(<ShortcutsPanel ctx={services.context(null)} />));
    expect(screen.getAllByRole('alert')[0]!.textContent).toMatch(/Conflict: Ctrl\+Space/);
  });

  it('Backspace removes a hotkey and Reset restores the default', () => {
    const { services, store, wrap } = setup();
    render(wrap(<ShortcutsPanel ctx={services.context(null)} />));
    const field = screen.getByLabelText('Hotkey for Open QuickStart (again: next mode)');
    fireEvent.keyDown(field, { key: 'Backspace', code: 'Backspace' });
    expect(store.get(hotkeysKey)).toEqual({ 'quickstart.open': null });
    fireEvent.click(screen.getByLabelText('Reset hotkey for Open QuickStart (again: next mode)'));
    expect(store.get(hotkeysKey)).toEqual({});
  });
});

describe('Dashboard', () => {
  it('groups AniList Links and VoidVerified Settings and shows hotkeys', () => {
    const { services, wrap } = setup();
    render(
      wrap(
        <Cmdk shouldFilter={false}>
          <Cmdk.List>
            <Dashboard query="" ctx={services.context(null)} close={() => {}} />
          </Cmdk.List>
        </Cmdk>,
      ),
    );
    expect(screen.getByText('AniList Links')).toBeTruthy();
    expect(screen.getByText('VoidVerified Settings')).toBeTruthy();
    expect(screen.getByText('Home')).toBeTruthy();
    // The rest of a section is counted, not drawn, until you type.
    expect(screen.getAllByText(/more: keep typing/).length).toBeGreaterThan(0);
  });

  it("shows a command's hotkey beside it", () => {
    const { services, store, wrap } = setup();
    store.set(hotkeysKey, { 'health.show': 'alt+shift+h' });
    render(
      wrap(
        <Cmdk shouldFilter={false}>
          <Cmdk.List>
            <Dashboard query="health" ctx={services.context(null)} close={() => {}} />
          </Cmdk.List>
        </Cmdk>,
      ),
    );
    const item = screen.getByText('Health').closest('[cmdk-item]') as HTMLElement;
    expect(within(item).getByText('Alt+Shift+H').tagName).toBe('KBD');
  });

  it('lists every command with a default hotkey where it applies, with its key: the marks while an editor has focus (issue 31)', () => {
    const { services, wrap } = setup();
    // The markdown hotkeys option is off (its default): the marks are still palette rows in an editor.
    const host = document.createElement('div');
    host.innerHTML = '<div class="markdown-editor"></div><textarea></textarea>';
    document.body.append(host);
    const editor = host.querySelector('textarea')!;
    const withKeys = services.registry.commands(services.context(editor)).filter((c) => c.hotkey);
    expect(withKeys.length).toBe(16);
    for (const command of withKeys) {
      const { unmount } = render(
        wrap(
          <Cmdk shouldFilter={false}>
            <Cmdk.List>
              <Dashboard query={command.title} ctx={services.context(editor)} close={() => {}} />
            </Cmdk.List>
          </Cmdk>,
        ),
      );
      const row = document.querySelector<HTMLElement>(`[cmdk-item][data-command="${command.id}"]`);
      expect(row, command.id).not.toBeNull();
      expect(within(row!).getByText(formatHotkey(command.hotkey)).tagName).toBe('KBD');
      unmount();
    }
    // Outside an editor the marks are not listed.
    render(
      wrap(
        <Cmdk shouldFilter={false}>
          <Cmdk.List>
            <Dashboard query="Bold" ctx={services.context(null)} close={() => {}} />
          </Cmdk.List>
        </Cmdk>,
      ),
    );
    expect(document.querySelector('[data-command="markdown.bold"]')).toBeNull();
    host.remove();
  });

  it("shows only page-relevant and recent commands before typing when 'displayAllResultsOnEmpty' is off", () => {
    const { services, store, wrap } = setup();
    store.set(quickStartConfigKey, { ...store.get(quickStartConfigKey), displayAllResultsOnEmpty: false });
    const { unmount } = render(
      wrap(
        <Cmdk shouldFilter={false}>
          <Cmdk.List>
            <Dashboard query="" ctx={services.context(null)} close={() => {}} />
          </Cmdk.List>
        </Cmdk>,
      ),
    );
    expect(screen.queryByText('AniList Links')).toBeNull();
    // Only the page-relevant group (if any command applies to /home) or the empty-state hint.
    const headings = [...document.querySelectorAll('[cmdk-group-heading]')].map((h) => h.textContent);
    expect(headings.every((h) => h === 'On this page' || h === 'Recent')).toBe(true);
    if (!headings.length) expect(screen.getByText('Type to search every command.')).toBeTruthy();
    unmount();
    render(
      wrap(
        <Cmdk shouldFilter={false}>
          <Cmdk.List>
            <Dashboard query="home" ctx={services.context(null)} close={() => {}} />
          </Cmdk.List>
        </Cmdk>,
      ),
    );
    expect(screen.getByText('Home')).toBeTruthy();
  });

  it('hides profile links without a signed-in viewer', () => {
    const registry = new Registry();
    features.forEach((f) => registry.define(f));
    const t = makeTestServices(registry, { viewer: null });
    const container = document.createElement('div');
    render(
      <Providers services={t.services} container={container} name="t">
        <Cmdk shouldFilter={false}>
          <Cmdk.List>
            <Dashboard query="list" ctx={t.services.context(null)} close={() => {}} />
          </Cmdk.List>
        </Cmdk>
      </Providers>,
    );
    expect(screen.queryByText('Anime List: Watching')).toBeNull();
  });

  it('runs a toggle through the registry and keeps the palette open', async () => {
    const { services, wrap } = setup();
    let closed = false;
    render(
      wrap(
        <Cmdk shouldFilter={false}>
          <Cmdk.List>
            <Dashboard query="toasts" ctx={services.context(null)} close={() => (closed = true)} />
          </Cmdk.List>
        </Cmdk>,
      ),
    );
    const item = screen.getByText('Toasts').closest('[cmdk-item]') as HTMLElement;
    expect(within(item).getByText('On')).toBeTruthy();
    await act(async () => {
      fireEvent.click(item);
    });
    expect(services.settings.get('toasterEnabled')).toBe(false);
    expect(closed).toBe(false);
  });
});

describe('VerifiedUsers (users tab)', () => {
  const names = (n: number) => Array.from({ length: n }, (_, i) => `User${i}`);
  const seed = (store: ReturnType<typeof setup>['store'], list: string[]) =>
    store.set(
      verifiedUsersKey,
      list.reduce((users, name) => addUser(users, name), [] as ReturnType<typeof addUser>),
    );

  it('a short list shows every row open, with no filter', () => {
    const { services, store, wrap } = setup();
    seed(store, names(LONG_LIST));
    render(wrap(<VerifiedUsers ctx={services.context(null)} />));
    expect(screen.queryByLabelText('Filter verified users')).toBeNull();
    expect(screen.getAllByLabelText(/^Sign for /)).toHaveLength(LONG_LIST);
    expect(screen.queryByRole('button', { name: /^Options for / })).toBeNull();
  });

  it('a long list: compact rows open by their Options button, and the filter finds any user with their options open', () => {
    const { services, store, wrap } = setup();
    seed(store, names(120));
    render(wrap(<VerifiedUsers ctx={services.context(null)} />));
    expect(screen.getAllByRole('listitem')).toHaveLength(120);
    expect(screen.queryAllByLabelText(/^Sign for /)).toHaveLength(0);
    const options = screen.getByRole('button', { name: 'Options for User32' });
    expect(options.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(options);
    expect(options.getAttribute('aria-expanded')).toBe('true');
    const sign = screen.getByLabelText('Sign for User32');
    fireEvent.change(sign, { target: { value: '★' } });
    expect(store.get(verifiedUsersKey).find((u) => u.username === 'User32')!.sign).toBe('★');
    fireEvent.change(screen.getByLabelText('Filter verified users'), { target: { value: 'user11' } });
    // User11 and User110-119: few enough to show open.
    expect(screen.getAllByRole('listitem')).toHaveLength(11);
    expect(screen.getAllByLabelText(/^Sign for /)).toHaveLength(11);
    fireEvent.change(screen.getByLabelText('Filter verified users'), { target: { value: 'nobody' } });
    expect(screen.getByText('No verified user matches.')).toBeTruthy();
  });
});

describe('Toaster', () => {
  it('tells the bus once a toast is on screen, so a reload after it waits for it', async () => {
    const { wrap } = setup();
    const bus = new ToastBus(() => ({ enabled: true, level: 0, duration: 5 }));
    bus.success('Config successfully imported.');
    let shown = false;
    void bus.shown().then(() => (shown = true));
    await act(async () => {});
    expect(shown).toBe(false);
    render(wrap(<Toaster bus={bus} />));
    expect(screen.getByRole('status').textContent).toBe('Config successfully imported.');
    await act(async () => {});
    expect(shown).toBe(true);
  });
});
