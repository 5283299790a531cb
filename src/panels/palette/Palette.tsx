import * as Dialog from '@radix-ui/react-dialog';
import { CloseIcon } from '../common/CloseIcon';
import { useLayer } from '../common/layers';
import { IdentityLockMark, NeedsAuthMark } from '../common/LockIcon';
import { Command as Cmdk } from 'cmdk';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { effectiveHotkey, formatHotkey } from '../../commands/hotkeys';
import { DASHBOARD } from '../../commands/palette-state';
import type { Command, CommandContext } from '../../commands/types';
import { frecencyKey, hotkeysKey, quickStartConfigKey, settingsKey } from '../../data/config';
import { deepActiveElement } from '../../inject/shadow';
import { clickOwn } from '../../inject/trusted-input';
import { ErrorBoundary } from '../ErrorBoundary';
import { useDebounced, useRecomputed, useServices, useStored } from '../hooks';
import { groupRanked, ON_PAGE, rankCommands, RECENT } from './rank';

/**
 * The QuickStart palette: cmdk inside a Radix dialog rendered
 * in our shadow root. The Dashboard lists every command of the registry, grouped by section, each
 * with its hotkey; other modes and nested pages come from the registry's panels.
 */

const PLACEHOLDER = 'Filter VoidVerified QuickStart';
const DASHBOARD_DEBOUNCE_MS = 100;
const PER_GROUP = 60;
/** Items rendered at once, over all groups; more matches are counted, not drawn. */
const MAX_ITEMS = 24;
const LIFTED = 5;

const FOCUSABLE =
  'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

export function Palette() {
  const services = useServices();
  const { palette, registry } = services;
  const state = useSyncExternalStore(palette.subscribe, palette.state);
  const inputRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [input, setInput] = useState('');
  const [focusedBefore, setFocusedBefore] = useState<Element | null>(null);

  const z = useLayer(state.open);
  const page = state.stack.at(-1);
  const pagePanel = page ? registry.panel(page.id, 'palette-page') : undefined;
  const modePanel = state.mode === DASHBOARD ? undefined : registry.panel(state.mode, 'palette-mode');
  const modes = [DASHBOARD, ...registry.panels('palette-mode').map((m) => m.id)];
  const debounce = pagePanel ? 0 : modePanel ? modePanel.debounceMs : DASHBOARD_DEBOUNCE_MS;
  const debounced = useDebounced(input, debounce);
  // Enter flushes the debounce: a fast "type and Enter" runs the top result of what was typed.
  const [flushed, setFlushed] = useState<string | null>(null);
  const pendingEnter = useRef(false);

  // A new page or mode starts with an empty input; closing clears it too.
  const view = `${state.open}|${state.mode}|${state.stack.length}|${page?.id ?? ''}`;
  // Reset during render, so a new page never sees the previous page's text, even once.
  const [inputView, setInputView] = useState(view);
  if (inputView !== view) {
    setInputView(view);
    setInput('');
    // An empty query at once, whatever the debounce still holds from before.
    setFlushed('');
  }
  // The flushed text stands until the debounced value moves on.
  const [flushedOver, setFlushedOver] = useState(debounced);
  if (flushedOver !== debounced) {
    setFlushedOver(debounced);
    setFlushed(null);
  }
  const query = flushed ?? debounced;
  // What had focus (an editor, say) before the palette took it: commands act on it. Read as the
  // palette opens, before its first commit (the effect below then moves focus into it).
  const [wasOpen, setWasOpen] = useState(false);
  if (wasOpen !== state.open) {
    setWasOpen(state.open);
    if (state.open) setFocusedBefore(services.context().focused);
  }
  // Focus moves into the palette as it opens and on each new page or mode (a page's layout is fixed
  // when its feature registers, so it only changes with the page).
  const formPage = pagePanel?.layout === 'form';
  useEffect(() => {
    if (!state.open) return;
    // A form page that already focused one of its own fields (an editor, say) keeps it.
    const content = contentRef.current;
    const active = (content?.getRootNode() as ShadowRoot | Document | undefined)?.activeElement;
    if (formPage && active && active !== inputRef.current && content?.contains(active)) return;
    inputRef.current?.focus();
  }, [view, state.open, formPage]);

  // The host's own class freezes page scroll behind overlays.
  useEffect(() => {
    if (!state.open) return;
    document.body.classList.add('scroll-lock');
    return () => document.body.classList.remove('scroll-lock');
  }, [state.open]);

  // The context is a snapshot of the page (path, sign-in, viewer): taken again whenever the
  // palette's state moves (it opens, changes mode or page), so commands see the page as it is then,
  // and kept in between, since panels key their effects on it.
  const ctx = useRecomputed(() => services.context(focusedBefore), [services, focusedBefore, state]);
  // Opening commits the dialog and its focused input at once; the results follow in a render of
  // their own right after, so the keystroke is answered before the list is built. (Done by hand:
  // the renderer the bundle ships does not defer useDeferredValue.)
  const [listReady, setListReady] = useState(false);
  if (!state.open && listReady) setListReady(false);
  useEffect(() => {
    if (!state.open) return;
    const timer = setTimeout(() => setListReady(true), 0);
    return () => clearTimeout(timer);
  }, [state.open]);
  // The list is busy until it shows the results for what was typed (the debounce has run, and the
  // dashboard's first list is built): assistive technology waits for it, and a row pressed then
  // may move before the press ends.
  const settling = query !== input || (!pagePanel && !modePanel && !listReady);

  // cmdk picks the first item when the raw input changes, but our lists follow the debounced
  // query (and async pages fill in later): select the first item once the new list is rendered,
  // and whenever the selected one is gone.
  const [selected, setSelected] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  // Settling, or a page's results (Results) still busy with an earlier text.
  const busy = () => settling || !!listRef.current?.querySelector('[aria-busy="true"]');
  const reselect = useRef(true);
  useEffect(() => {
    reselect.current = true;
  }, [query, view]);
  // An Enter still held when the palette closes or moves to another page or mode is dropped.
  useLayoutEffect(() => {
    pendingEnter.current = false;
  }, [view]);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!state.open || !list) return;
    const sync = () => {
      const items = [...list.querySelectorAll<HTMLElement>('[cmdk-item]:not([aria-disabled="true"])')];
      const values = items.map((el) => el.getAttribute('data-value') ?? '');
      if (reselect.current || !values.includes(selected)) {
        reselect.current = false;
        const first = values[0] ?? '';
        if (first !== selected) setSelected(first);
      }
      if (pendingEnter.current && !busy()) {
        pendingEnter.current = false;
        // Our own click: the guard on our shadow roots lets only a person's input through.
        if (items[0]) clickOwn(items[0]);
      }
    };
    sync();
    const observer = new MutationObserver(sync);
    // A page's results stop being busy (aria-busy) when their answer is shown.
    observer.observe(list, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
    return () => observer.disconnect();
  });

  const close = () => palette.close();

  function keepFocusInside(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Backspace' && input === '' && state.stack.length && event.target === inputRef.current) {
      event.preventDefault();
      palette.pop();
      return;
    }
    if (event.key !== 'Tab' || !contentRef.current) return;
    // In a shadow root Radix's focus guards sit outside our tree: keep Tab inside ourselves.
    const focusable = [...contentRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    if (!focusable.length) return;
    const root = contentRef.current.getRootNode() as ShadowRoot | Document;
    const index = focusable.indexOf(root.activeElement as HTMLElement);
    const next = event.shiftKey ? (index <= 0 ? focusable.length - 1 : index - 1) : index === focusable.length - 1 ? 0 : index + 1;
    event.preventDefault();
    focusable[next]!.focus();
  }

  const placeholder = pagePanel?.placeholder ?? modePanel?.placeholder ?? PLACEHOLDER;

  return (
    <Dialog.Root open={state.open} onOpenChange={(open) => !open && close()}>
      {/* Already in our overlay's shadow root: no portal (a portal costs an extra render to mount). */}
      {state.open && (
        <>
          <Dialog.Overlay className="vv-backdrop" style={{ zIndex: z }} data-testid="vv-palette-backdrop" />
          <Dialog.Content
            ref={contentRef}
            className="vv-palette"
            style={{ zIndex: z + 1 }}
            aria-describedby={undefined}
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              inputRef.current?.focus();
            }}
            onCloseAutoFocus={(event) => {
              // Back to where focus was before opening (an editor, the changelog's button, the
              // adoption question's Ok), unless what the command did put it somewhere already.
              event.preventDefault();
              const now = deepActiveElement();
              if (focusedBefore instanceof HTMLElement && focusedBefore.isConnected && (now === null || now === document.body)) {
                focusedBefore.focus({ preventScroll: true });
              }
            }}
            onEscapeKeyDown={(event) => {
              if (state.stack.length) {
                event.preventDefault();
                palette.pop();
              }
            }}
            onKeyDown={keepFocusInside}
          >
            <Dialog.Title className="vv-sr-only">VoidVerified QuickStart</Dialog.Title>
            <Cmdk
              label="VoidVerified QuickStart"
              shouldFilter={false}
              loop
              className="vv-cmdk"
              value={selected}
              onValueChange={setSelected}
            >
              <div className="vv-palette-header">
                {pagePanel && (
                  <button type="button" className="vv-crumb" onClick={() => palette.pop()} aria-label={`Back from ${pagePanel.title}`}>
                    ‹ {pagePanel.title}
                  </button>
                )}
                <Cmdk.Input
                  ref={inputRef}
                  value={input}
                  onValueChange={(value) => {
                    // Typing on after an Enter that is still held takes it back.
                    pendingEnter.current = false;
                    setInput(value);
                  }}
                  onKeyDown={(event) => {
                    // Enter while the list is busy runs the top result once it shows what was typed.
                    if (event.key !== 'Enter' || !busy()) return;
                    event.preventDefault();
                    event.stopPropagation();
                    reselect.current = true;
                    pendingEnter.current = true;
                    if (input !== query) setFlushed(input);
                  }}
                  placeholder={placeholder}
                  className="vv-palette-input"
                  aria-label={placeholder}
                />
                <select
                  className="vv-mode-select"
                  aria-label="QuickStart mode"
                  value={state.mode}
                  onChange={(e) => palette.setMode(e.target.value)}
                >
                  {modes.map((m) => (
                    <option key={m} value={m}>
                      {m}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="vv-icon-button"
                  aria-label="QuickStart Configuration"
                  title="QuickStart Configuration"
                  onClick={() => palette.push('quickstart.config')}
                >
                  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                    <path
                      fill="currentColor"
                      d="M19.4 13a7.5 7.5 0 0 0 0-2l2-1.6-2-3.4-2.4 1a7 7 0 0 0-1.7-1L15 3.5h-4l-.3 2.5a7 7 0 0 0-1.7 1l-2.4-1-2 3.4 2 1.6a7.5 7.5 0 0 0 0 2l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 1.7 1l.3 2.5h4l.3-2.5a7 7 0 0 0 1.7-1l2.4 1 2-3.4zM12 15.5A3.5 3.5 0 1 1 12 8.5a3.5 3.5 0 0 1 0 7z"
                    />
                  </svg>
                </button>
                <Dialog.Close className="vv-icon-button" aria-label="Close">
                  <CloseIcon size={16} />
                </Dialog.Close>
              </div>
              {pagePanel?.layout === 'form' ? (
                // Forms (shortcuts, configuration) are not options of a listbox: render them beside it.
                <div className="vv-palette-body">
                  {/* The input's aria-controls names the list: keep an empty, hidden one. */}
                  <Cmdk.List ref={listRef} hidden label="QuickStart results" />
                  <ErrorBoundary key={view} name={pagePanel.title}>
                    <pagePanel.component query={query} arg={page?.arg} ctx={ctx} close={close} />
                  </ErrorBoundary>
                </div>
              ) : (
                <Cmdk.List ref={listRef} className="vv-palette-list" label="QuickStart results" aria-busy={settling || undefined}>
                  <ErrorBoundary key={view} name={pagePanel?.title ?? modePanel?.title ?? 'Dashboard'}>
                    {pagePanel ? (
                      <pagePanel.component query={query} arg={page?.arg} ctx={ctx} close={close} />
                    ) : modePanel ? (
                      <modePanel.component query={query} ctx={ctx} close={close} />
                    ) : listReady ? (
                      <Dashboard query={query} ctx={ctx} close={close} />
                    ) : null}
                  </ErrorBoundary>
                </Cmdk.List>
              )}
            </Cmdk>
          </Dialog.Content>
        </>
      )}
    </Dialog.Root>
  );
}

function CommandRow({ command, ctx, hotkey }: { command: Command; ctx: CommandContext; hotkey: string | null }) {
  let hint: string | undefined;
  try {
    hint = command.hint?.(ctx);
  } catch {
    hint = undefined;
  }
  const locked = command.authRequired && !ctx.authorized;
  const lockedAsYou = !locked && command.actsAsYou && ctx.identity.mismatch;
  return (
    <>
      <span className="vv-item-title">
        {command.title}
        {locked && <NeedsAuthMark />}
        {lockedAsYou && <IdentityLockMark />}
      </span>
      {hint !== undefined && <span className="vv-item-hint">{hint}</span>}
      {hotkey && <kbd className="vv-kbd">{formatHotkey(hotkey)}</kbd>}
    </>
  );
}

/** Runs a command picked in the palette: pages open in place, others close the palette first. */
function pick(command: Command, ctx: CommandContext, close: () => void): void {
  if (!command.page && !command.keepOpen) close();
  void ctx.run(command.id);
}

export function Dashboard({ query, ctx, close }: { query: string; ctx: CommandContext; close(): void }) {
  const usage = useStored(frecencyKey);
  // Frecency is measured from when the list opened, or from the latest use since: the order of
  // any two commands only depends on it while it is not before their last use.
  const [openedAt] = useState(() => Date.now());
  const newestUse = useMemo(() => Object.values(usage).reduce((max, u) => Math.max(max, u.last), 0), [usage]);
  const overrides = useStored(hotkeysKey);
  // Hints and `when` read settings and the QuickStart config: re-list when they change.
  const settingsNow = useStored(settingsKey);
  const configNow = useStored(quickStartConfigKey);
  const { registry } = ctx;
  const [version, setVersion] = useState(0);
  useEffect(() => registry.subscribe(() => setVersion((v) => v + 1)), [registry]);

  // What may be listed depends on the context and settings, not on the query: computed once per open,
  // and again when features say their commands changed (`version`) or the settings and QuickStart
  // config that toggles and `when` read (through ctx) change.
  const visible = useRecomputed(
    () =>
      registry.commands(ctx).filter((c) => {
        if (c.hidden) return false;
        try {
          return registry.allows(c, ctx);
        } catch {
          return false;
        }
      }),
    [registry, ctx, version, settingsNow, configNow],
  );
  const relevantIds = useMemo(() => {
    const ids = new Set<string>();
    for (const c of visible) {
      try {
        if (c.relevant?.(ctx)) ids.add(c.id);
      } catch {
        /* a failing check means "not relevant" */
      }
    }
    return ids;
  }, [visible, ctx]);

  const groups = useMemo(() => {
    const relevant = (c: Command) => relevantIds.has(c.id);
    const ranked = rankCommands(visible, { query, usage, relevant, now: Math.max(openedAt, newestUse) });
    // Before typing, every section shows a fair share of the items drawn (and counts the rest).
    const sections = new Set(visible.map((c) => c.section)).size + 2;
    const perGroup = query.trim() ? PER_GROUP : Math.max(3, Math.floor(MAX_ITEMS / sections));
    const grouped = groupRanked(ranked, { query, usage, relevant, perGroup, recent: LIFTED, total: MAX_ITEMS });
    // 'displayAllResultsOnEmpty' off: before typing, only what is relevant here or recently used.
    if (!query.trim() && !configNow.displayAllResultsOnEmpty) return grouped.filter((g) => g.heading === ON_PAGE || g.heading === RECENT);
    return grouped;
  }, [visible, relevantIds, query, usage, configNow, openedAt, newestUse]);

  if (!groups.length)
    return <Cmdk.Empty className="vv-empty">{query.trim() ? `No results for “${query}”.` : 'Type to search every command.'}</Cmdk.Empty>;
  return (
    <>
      {groups.map((group) => (
        <Cmdk.Group key={group.heading} heading={group.heading} className="vv-group">
          {group.items.map((command) => (
            <Cmdk.Item
              key={`${group.heading}/${command.id}`}
              value={`${group.heading}/${command.id}`}
              className="vv-item"
              onSelect={() => pick(command, ctx, close)}
              data-command={command.id}
            >
              <CommandRow command={command} ctx={ctx} hotkey={effectiveHotkey(command, overrides)} />
            </Cmdk.Item>
          ))}
          {group.more > 0 && <div className="vv-more">{group.more} more: keep typing to narrow down</div>}
        </Cmdk.Group>
      ))}
    </>
  );
}
