import * as Dialog from '@radix-ui/react-dialog';
import { CloseIcon } from '../common/CloseIcon';
import { useLayer } from '../common/layers';
import { Command as Cmdk } from 'cmdk';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { DASHBOARD } from '../../commands/palette-state';
import type { AppServices, CommandContext, PanelDef, PaletteController, PaletteState } from '../../commands/types';
import { restoreFocus } from '../../inject/shadow';
import { clickOwn } from '../../inject/trusted-input';
import { ErrorBoundary } from '../ErrorBoundary';
import { useDebounced, useRecomputed, useServices } from '../hooks';
import { Dashboard } from './Dashboard';
import { IconButton } from '../common/IconButton';

/**
 * The QuickStart palette: cmdk inside a Radix dialog rendered
 * in our shadow root. The Dashboard lists every command of the registry, grouped by section, each
 * with its hotkey; other modes and nested pages come from the registry's panels.
 */

const PLACEHOLDER = 'Filter VoidVerified QuickStart';
const DASHBOARD_DEBOUNCE_MS = 100;

const FOCUSABLE =
  'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

type PagePanel = Extract<PanelDef, { kind: 'palette-page' }>;
type ModePanel = Extract<PanelDef, { kind: 'palette-mode' }>;

/** What the palette shows now: its page or mode panel (none: the Dashboard), and a key that changes with them. */
interface PaletteView {
  state: PaletteState;
  page: PaletteState['stack'][number] | undefined;
  pagePanel: PagePanel | undefined;
  modePanel: ModePanel | undefined;
  /** A new page or mode starts with an empty input; closing clears it too. */
  key: string;
}

export function Palette() {
  const services = useServices();
  const { palette } = services;
  const view = usePaletteView(services);
  const { state, pagePanel, modePanel } = view;
  const inputRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const z = useLayer(state.open);
  const text = usePaletteText(view.key, pagePanel ? 0 : modePanel ? modePanel.debounceMs : DASHBOARD_DEBOUNCE_MS);
  const { focusedBefore, returned } = useFocusedBefore(state.open, services);
  useFocusOnView(view, contentRef, inputRef);
  // The context is a snapshot of the page (path, sign-in, viewer): taken again whenever the
  // palette's state moves (it opens, changes mode or page), so commands see the page as it is then,
  // and kept in between, since panels key their effects on it.
  const ctx = useRecomputed(() => services.context(focusedBefore), [services, focusedBefore, state]);
  // The list is busy until it shows the results for what was typed (the debounce has run):
  // assistive technology waits for it, and a row pressed then may move before the press ends.
  const settling = text.query !== text.input;
  const selection = useSelection(state.open, view.key, text.query, settling);
  const close = () => palette.close();

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Backspace' && text.input === '' && state.stack.length && event.target === inputRef.current) {
      event.preventDefault();
      palette.pop();
      return;
    }
    keepTabInside(event, contentRef.current);
  }

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
              event.preventDefault();
              restoreFocus(focusedBefore);
              returned();
            }}
            onEscapeKeyDown={(event) => {
              if (state.stack.length) {
                event.preventDefault();
                palette.pop();
              }
            }}
            onKeyDown={onKeyDown}
          >
            <Dialog.Title className="vv-sr-only">VoidVerified QuickStart</Dialog.Title>
            <Cmdk
              label="VoidVerified QuickStart"
              shouldFilter={false}
              loop
              className="vv-cmdk"
              value={selection.selected}
              onValueChange={selection.setSelected}
            >
              <PaletteHeader palette={palette} view={view} modes={services.registry.panels('palette-mode')}>
                <PaletteInput inputRef={inputRef} view={view} text={text} selection={selection} />
              </PaletteHeader>
              <PaletteBody view={view} query={text.query} ctx={ctx} close={close} listRef={selection.listRef} settling={settling} />
            </Cmdk>
          </Dialog.Content>
        </>
      )}
    </Dialog.Root>
  );
}

function usePaletteView({ palette, registry }: AppServices): PaletteView {
  const state = useSyncExternalStore(palette.subscribe, palette.state);
  const page = state.stack.at(-1);
  const pagePanel = page ? registry.panel(page.id, 'palette-page') : undefined;
  const modePanel = state.mode === DASHBOARD ? undefined : registry.panel(state.mode, 'palette-mode');
  const key = `${state.open}|${state.mode}|${state.stack.length}|${page?.id ?? ''}`;
  return { state, page, pagePanel, modePanel, key };
}

interface PaletteText {
  input: string;
  setInput(value: string): void;
  /** What the list shows results for: the debounced input, or the input an Enter flushed. */
  query: string;
  /** The list follows the input now, whatever the debounce still holds. */
  flush(): void;
}

function usePaletteText(view: string, debounce: number): PaletteText {
  const [input, setInput] = useState('');
  const debounced = useDebounced(input, debounce);
  // Enter flushes the debounce: a fast "type and Enter" runs the top result of what was typed.
  const [flushed, setFlushed] = useState<string | null>(null);
  // Reset during render, so a new page never sees the previous page's text, even once.
  const [inputView, setInputView] = useState(view);
  if (inputView !== view) {
    setInputView(view);
    setInput('');
    // An empty query at once, whatever the debounce still holds from before.
    setFlushed('');
  }
  // The flushed text stands until the debounced value moves on, or until what was typed is the
  // debounced value already: a page opened again and given the text it last showed (pasted at
  // once) leaves the debounce nothing to move, and the list stayed empty-handed and busy.
  const [flushedOver, setFlushedOver] = useState(debounced);
  if (flushedOver !== debounced) {
    setFlushedOver(debounced);
    setFlushed(null);
  } else if (flushed !== null && flushed !== input && input === debounced) setFlushed(null);
  const query = flushed ?? debounced;
  return { input, setInput, query, flush: () => input !== query && setFlushed(input) };
}

/**
 * What had focus (an editor, say) before the palette took it: commands act on it. Read as the
 * palette opens, before its first commit (useFocusOnView then moves focus into it). Focus goes back
 * there a moment after the palette closes (Radix calls onCloseAutoFocus in a timeout); opened again
 * before that (Escape, then ctrl+space at once), the palette acts on it still, not on the page's
 * body, which has focus in between. `returned` says focus went back.
 */
function useFocusedBefore(open: boolean, services: AppServices): { focusedBefore: Element | null; returned: () => void } {
  const [focusedBefore, setFocusedBefore] = useState<Element | null>(null);
  const [wasOpen, setWasOpen] = useState(false);
  const [returning, setReturning] = useState<Element | null>(null);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) {
      const now = services.context().focused;
      setFocusedBefore((now === null || now === document.body) && returning?.isConnected ? returning : now);
    }
    setReturning(open ? null : focusedBefore);
  }
  return { focusedBefore, returned: () => setReturning(null) };
}

/**
 * Focus moves into the palette as it opens and on each new page or mode (a page's layout is fixed
 * when its feature registers, so it only changes with the page).
 */
function useFocusOnView(view: PaletteView, contentRef: RefObject<HTMLDivElement | null>, inputRef: RefObject<HTMLInputElement | null>) {
  const { open } = view.state;
  const formPage = view.pagePanel?.layout === 'form';
  useEffect(() => {
    if (!open) return;
    // A form page that already focused one of its own fields (an editor, say) keeps it.
    const content = contentRef.current;
    const active = (content?.getRootNode() as ShadowRoot | Document | undefined)?.activeElement;
    if (formPage && active && active !== inputRef.current && content?.contains(active)) return;
    inputRef.current?.focus();
  }, [view.key, open, formPage, contentRef, inputRef]);
}

/** In a shadow root Radix's focus guards sit outside our tree: keep Tab inside ourselves. */
function keepTabInside(event: KeyboardEvent<HTMLDivElement>, content: HTMLElement | null): void {
  if (event.key !== 'Tab' || !content) return;
  const focusable = [...content.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
  if (!focusable.length) return;
  const root = content.getRootNode() as ShadowRoot | Document;
  const index = focusable.indexOf(root.activeElement as HTMLElement);
  const next = event.shiftKey ? (index <= 0 ? focusable.length - 1 : index - 1) : index === focusable.length - 1 ? 0 : index + 1;
  event.preventDefault();
  focusable[next]!.focus();
}

interface Selection {
  selected: string;
  setSelected(value: string): void;
  listRef: RefObject<HTMLDivElement | null>;
  /** An Enter on the input: held (true) while the list is busy, to run the top row once it shows what was typed. */
  holdEnter(): boolean;
  /** Typing on after an Enter that is still held takes it back. */
  dropEnter(): void;
}

/**
 * cmdk picks the first item when the raw input changes, but our lists follow the debounced query
 * (and async pages fill in later): select the first item once the new list is rendered, and
 * whenever the selected one is gone.
 */
function useSelection(open: boolean, view: string, query: string, settling: boolean): Selection {
  const [selected, setSelected] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const pendingEnter = useRef(false);
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
    if (!open || !list) return;
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
  const holdEnter = () => {
    if (!busy()) return false;
    reselect.current = true;
    pendingEnter.current = true;
    return true;
  };
  return { selected, setSelected, listRef, holdEnter, dropEnter: () => (pendingEnter.current = false) };
}

function PaletteHeader({
  palette,
  view,
  modes,
  children,
}: {
  palette: PaletteController;
  view: PaletteView;
  /** The modes besides the Dashboard: the select shows each by its title. */
  modes: readonly { id: string; title: string }[];
  children: ReactNode;
}) {
  const { pagePanel } = view;
  return (
    <div className="vv-palette-header">
      {pagePanel && (
        <button type="button" className="vv-crumb" onClick={() => palette.pop()} aria-label={`Back from ${pagePanel.title}`}>
          ‹ {pagePanel.title}
        </button>
      )}
      {children}
      <select
        className="vv-mode-select"
        aria-label="QuickStart mode"
        value={view.state.mode}
        onChange={(e) => palette.setMode(e.target.value)}
      >
        {[{ id: DASHBOARD, title: DASHBOARD }, ...modes].map((m) => (
          <option key={m.id} value={m.id}>
            {m.title}
          </option>
        ))}
      </select>
      <IconButton label="QuickStart Configuration" onClick={() => palette.push('quickstart.config')}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            fill="currentColor"
            d="M19.4 13a7.5 7.5 0 0 0 0-2l2-1.6-2-3.4-2.4 1a7 7 0 0 0-1.7-1L15 3.5h-4l-.3 2.5a7 7 0 0 0-1.7 1l-2.4-1-2 3.4 2 1.6a7.5 7.5 0 0 0 0 2l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 1.7 1l.3 2.5h4l.3-2.5a7 7 0 0 0 1.7-1l2.4 1 2-3.4zM12 15.5A3.5 3.5 0 1 1 12 8.5a3.5 3.5 0 0 1 0 7z"
          />
        </svg>
      </IconButton>
      <Dialog.Close className="vv-icon-button" aria-label="Close">
        <CloseIcon size={16} />
      </Dialog.Close>
    </div>
  );
}

function PaletteInput({
  inputRef,
  view,
  text,
  selection,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  view: PaletteView;
  text: PaletteText;
  selection: Selection;
}) {
  const page = view.pagePanel;
  const placeholder =
    (page?.placeholder === undefined && page?.layout === 'form' ? page.title : page?.placeholder) ??
    view.modePanel?.placeholder ??
    PLACEHOLDER;
  return (
    <Cmdk.Input
      ref={inputRef}
      value={text.input}
      onValueChange={(value) => {
        selection.dropEnter();
        text.setInput(value);
      }}
      onKeyDown={(event) => {
        // Enter while the list is busy runs the top result once it shows what was typed.
        if (event.key !== 'Enter' || !selection.holdEnter()) return;
        event.preventDefault();
        event.stopPropagation();
        text.flush();
      }}
      placeholder={placeholder}
      className="vv-palette-input"
      aria-label={placeholder}
    />
  );
}

/**
 * The page, mode or Dashboard, drawn in the same render as the dialog: the first open shows the
 * dialog with its first list in one frame.
 */
function PaletteBody({
  view,
  query,
  ctx,
  close,
  listRef,
  settling,
}: {
  view: PaletteView;
  query: string;
  ctx: CommandContext;
  close(): void;
  listRef: RefObject<HTMLDivElement | null>;
  settling: boolean;
}) {
  const { page, pagePanel, modePanel, key } = view;
  if (pagePanel?.layout === 'form')
    return (
      // Forms (shortcuts, configuration) are not options of a listbox: render them beside it. Their
      // keys are theirs: cmdk's list would take Enter on a button and the arrows in a select.
      <div className="vv-palette-body" onKeyDown={(e) => e.key !== 'Escape' && e.key !== 'Tab' && e.stopPropagation()}>
        {/* The input's aria-controls names the list: keep an empty, hidden one. */}
        <Cmdk.List ref={listRef} hidden label="QuickStart results" />
        <ErrorBoundary key={key} name={pagePanel.title}>
          <pagePanel.component query={query} arg={page?.arg} ctx={ctx} close={close} />
        </ErrorBoundary>
      </div>
    );
  return (
    <Cmdk.List ref={listRef} className="vv-palette-list" label="QuickStart results" aria-busy={settling || undefined}>
      <ErrorBoundary key={key} name={pagePanel?.title ?? modePanel?.title ?? 'Dashboard'}>
        {pagePanel ? (
          <pagePanel.component query={query} arg={page?.arg} ctx={ctx} close={close} />
        ) : modePanel ? (
          <modePanel.component query={query} ctx={ctx} close={close} />
        ) : (
          <Dashboard query={query} ctx={ctx} close={close} />
        )}
      </ErrorBoundary>
    </Cmdk.List>
  );
}
