import { activityReplyIds } from '../../data/activities';
import { activityPage } from '../../data/pages';
import { parseQuoteHref, QUOTE_CLASS, quotesAsLinks, type QuoteRef } from '../../data/rendered-quotes';
import { COPIED_MS, quoteMarkup, quotePath, REPLY_TO_TEXTS, sameActivity, SELECTION_SETTLE_MS } from '../../data/reply-to';
import { createStore } from '../../data/store';
import { editableField, insertAtCaret, type TextField } from '../../inject/editor-text';
import { hostActivityId, hostReplyId, revealReply } from '../../inject/host-replies';
import { onAbort } from '../../inject/lifetime';
import { listenInOurRoots, selectionInOurRoots } from '../../inject/shadow';
import { styleWhileRunning } from '../../inject/styles';
import { mountUi } from '../../panels/mount';
import type { ReplyToButtonState } from '../../panels/reply-to/ReplyTo';
import styles from '../../panels/reply-to/reply-to.css';
import { attachHoverCard } from '../hover-card';
import { lazyComponent } from '../lazy';
import type { CommandContext, FeatureDef, InjectionContext } from '../types';

const ReplyToButton = lazyComponent(() => import('../../panels/reply-to/ReplyTo'), 'ReplyToButton');
const DirectLinkLayer = lazyComponent(() => import('../../panels/reply-to/ReplyTo'), 'DirectLinkLayer');

/**
 * Reply To and referenced quotes (document 3, C3 and C4; off by default). Selecting text of an
 * activity or a reply shows "Reply To" above it, which copies the text as a quote that names where
 * it comes from (`<blockquote href="{activityId}/{replyId}">`); 'Quote selection' does the same
 * from the palette and puts the quote at the caret of the activity's open reply box. Such quotes
 * lead back: one of a reply or of the activity they sit in scrolls there, one of another activity
 * offers its "Direct Link" on hover or focus (Enter follows it); on the host's pages and in our own
 * activity cards alike.
 */
/** The host's rendered text of an activity or a reply (not the editor's preview). */
const TEXT = ':is(.reply, .activity-entry) .markdown';
/** The same in our own activity cards (activity search, the messages feed), which carry their ids. */
const OUR_TEXT = '.vv-activity .vv-act-markdown';
/** A referenced quote in our cards: the sanitizer classes it while this feature is on (`quotesAsLinks`). */
const OUR_QUOTE = `${OUR_TEXT} blockquote.${QUOTE_CLASS}`;

/** A selection as a quote: its markup, where it comes from, and the rendered text it is in. */
interface Quote {
  readonly markup: string;
  readonly ref: QuoteRef;
  readonly range: Range;
  readonly markdown: Element;
}

/**
 * The quote of the selection as it last settled (null: none). It stays while the palette is open
 * (focus in its field moves the selection there), so the palette's 'Quote selection' quotes what
 * was selected when it opened.
 */
const settled = createStore<Quote | null>(null);
/** The button over it, or what it said once copied. */
const button = createStore<ReplyToButtonState | null>(null);

/** Where text in `markdown` comes from; null where the ids are out of reach. */
async function refOf(markdown: Element, ctx: CommandContext, signal: AbortSignal): Promise<QuoteRef | null> {
  // Our own cards carry their ids.
  const card = markdown.closest('.vv-activity');
  const own = markdown.closest('.vv-reply');
  if (card) return parseQuoteHref([card.getAttribute('data-activity-id'), own?.getAttribute('data-reply-id')].filter(Boolean).join('/'));
  const activityId = hostActivityId(markdown, ctx.path);
  if (activityId === null) return null;
  const reply = markdown.closest('.reply');
  if (!reply) return { activityId, replyId: null };
  // On an activity's page, where the page's objects are out of reach, from the API's list of its replies.
  const listed = activityPage(ctx.path) === activityId ? () => activityReplyIds(ctx, activityId, signal) : null;
  const replyId = await hostReplyId(reply, listed).catch(() => null);
  return replyId === null ? null : { activityId, replyId };
}

const textOf = (node: Node) => (node instanceof Element ? node : node.parentElement)?.closest(`${TEXT}, ${OUR_TEXT}`) ?? null;

/**
 * The selection inside one text of the host's (an activity's or a reply's), and its plain text: a
 * selection that runs out of it (a triple click takes the start of what follows) is cut at its end.
 */
function selectedText(): { range: Range; markdown: Element; text: string } | null {
  const selection = selectionInOurRoots() ?? document.getSelection();
  if (!selection || selection.isCollapsed || !selection.rangeCount) return null;
  const range = selection.getRangeAt(0).cloneRange();
  const markdown = textOf(range.startContainer) ?? textOf(range.endContainer);
  if (!markdown || markdown.closest('.reply.preview')) return null;
  const inside = markdown.contains(range.startContainer) && markdown.contains(range.endContainer);
  if (!markdown.contains(range.startContainer)) range.setStart(markdown, 0);
  if (!markdown.contains(range.endContainer)) range.setEnd(markdown, markdown.childNodes.length);
  return { range, markdown, text: inside ? selection.toString() : range.toString() };
}

/** The selection's quote, once its ids are known; null for a selection outside a text of the host's. */
async function quoteOfSelection(ctx: CommandContext, signal: AbortSignal): Promise<Quote | null> {
  const selected = selectedText();
  if (!selected) return null;
  const ref = await refOf(selected.markdown, ctx, signal);
  const markup = ref && quoteMarkup(ref, selected.text);
  return ref && markup ? { markup, ref, range: selected.range, markdown: selected.markdown } : null;
}

/** Writes the quote to the clipboard; false (and said) when the browser refuses. */
async function copy(quote: Quote, ctx: CommandContext): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(quote.markup);
    return true;
  } catch {
    ctx.toasts.error(REPLY_TO_TEXTS.copyFailed);
    return false;
  }
}

/** The button's click: copy, say so, and go 800 ms later. */
function copyFromButton(ctx: InjectionContext): void {
  const quote = settled.get();
  const shown = button.get();
  if (!quote || !shown) return;
  void copy(quote, ctx).then((done) => {
    if (!done || ctx.signal.aborted) return button.set(null);
    const copied = { ...shown, copied: true };
    button.set(copied);
    // Only this copy's check goes: a selection made meanwhile has shown a button of its own.
    const gone = setTimeout(() => {
      if (button.get() === copied) button.set(null);
    }, COPIED_MS);
    onAbort(ctx, () => clearTimeout(gone));
  });
}

/** Shows the button over the quote, its host right after the quoted text (so Tab from there reaches it). */
function show(quote: Quote, host: HTMLElement): void {
  quote.markdown.after(host);
  const { left, top, right, bottom, width, height } = quote.range.getBoundingClientRect();
  button.set({ anchor: { left, top, right, bottom, width, height }, copied: false });
}

/**
 * Watches the selection: any change hides the button; 100 ms after it stops changing, a selection
 * in an activity's or a reply's text shows it. While the palette is open, the selection in its
 * field is not the page's, and the quote stays.
 */
function watchSelection(ctx: InjectionContext): undefined {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asking: AbortController | null = null;
  let host: HTMLElement | null = null;
  const settle = () => {
    asking = new AbortController();
    const { signal } = asking;
    void quoteOfSelection(ctx, signal).then((quote) => {
      if (signal.aborted || ctx.signal.aborted) return;
      settled.set(quote);
      if (!quote) return;
      // The button's UI is mounted on the first quote, until the feature goes off.
      if (!host) {
        // Not the page's node: left untracked, so the page re-rendering around it does not restart the watch.
        const { track: _track, ...untracked } = ctx;
        mountUi(untracked, 'reply-to', (made) => (host = made), <ReplyToButton state={button} onCopy={() => copyFromButton(ctx)} />);
      }
      if (host) show(quote, host);
    });
  };
  document.addEventListener(
    'selectionchange',
    () => {
      if (!button.get()?.copied) button.set(null);
      if (ctx.palette.state().open) return;
      clearTimeout(timer);
      asking?.abort();
      timer = setTimeout(settle, SELECTION_SETTLE_MS);
    },
    { signal: ctx.signal },
  );
  onAbort(ctx, () => {
    clearTimeout(timer);
    asking?.abort();
    settled.set(null);
    button.set(null);
  });
}

/** The quote 'Quote selection' works on: the selection's, as it was when the palette opened. */
const commandQuote = (): Quote | null => {
  const quote = settled.get();
  return quote?.markdown.isConnected ? quote : null;
};

/** The open reply box of the activity a quote comes from (AniList's or our card's; not a reply's edit box), if one is shown. */
function replyBox(quote: Quote): TextField | null {
  const entry = quote.markdown.closest('.activity-entry, .vv-activity');
  for (const field of entry?.querySelectorAll('textarea') ?? [])
    if (!field.closest('.reply, .vv-reply') && field.getClientRects().length && editableField(field)) return editableField(field);
  return null;
}

/** 'Quote selection': copies the quote and puts it at the caret of the activity's open reply box, on lines of its own. */
async function quoteSelection(ctx: CommandContext): Promise<void> {
  const quote = commandQuote();
  if (!quote) return;
  const box = replyBox(quote);
  if (!box) {
    if (await copy(quote, ctx)) ctx.toasts.success(REPLY_TO_TEXTS.copied);
    return;
  }
  const before = box.value.slice(0, box.selectionStart ?? box.value.length);
  insertAtCaret(box, `${before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n'}${quote.markup}\n\n`);
  ctx.toasts.success(REPLY_TO_TEXTS.inserted);
  // The clipboard too, as the button does (a refusal here changes nothing: the quote is in the box).
  void navigator.clipboard?.writeText(quote.markup).catch(() => undefined);
}

/** Goes where a quote of this activity points: the reply (scrolled to and marked) or the activity; one not on the page opens its link. */
async function follow(quote: Element, ref: QuoteRef, ctx: InjectionContext): Promise<void> {
  const entry = quote.closest('.activity-entry');
  if (ref.replyId === null) {
    if (activityPage(ctx.path) === ref.activityId || !entry) window.scrollTo({ top: 0, behavior: 'smooth' });
    else revealReply(entry, ctx);
    return;
  }
  const listed = activityPage(ctx.path) === ref.activityId ? () => activityReplyIds(ctx, ref.activityId, ctx.signal) : null;
  for (const reply of entry?.querySelectorAll('.reply:not(.preview)') ?? [])
    if ((await hostReplyId(reply, listed).catch(() => null)) === ref.replyId) return revealReply(reply, ctx);
  ctx.route.navigate(quotePath(ref));
}

/** The activity a quote sits in: our card's, else the host's entry's or page's. */
function quoteActivity(quote: Element, path: string): number | null {
  const card = quote.closest('.vv-activity');
  return card ? (parseQuoteHref(card.getAttribute('data-activity-id'))?.activityId ?? null) : hostActivityId(quote, path);
}

/** Goes where a quote in our card points: the card, or its reply (scrolled to and marked) when shown; else the quote's link. */
function followInCard(quote: Element, ref: QuoteRef, ctx: InjectionContext): void {
  const card = quote.closest('.vv-activity');
  const target = ref.replyId === null ? card : card?.querySelector(`.vv-reply[data-reply-id="${ref.replyId}"]`);
  if (target?.getClientRects().length) revealReply(target, ctx);
  else ctx.route.navigate(quotePath(ref));
}

/**
 * Referenced quotes in our own cards (activity search, the messages feed), which the host's page
 * cannot reach: while this runs the cards have them marked (a class and a tab stop), and a click
 * (not the end of a selection) or Enter leads as on the host's page; another activity's quote
 * shows its Direct Link on hover or focus (`attachDirectLinks`), and Enter follows it.
 */
function ourQuotes(ctx: InjectionContext): undefined {
  quotesAsLinks.set(true);
  onAbort(ctx, () => quotesAsLinks.set(false));
  const at = (event: Event) => {
    const quote = event.isTrusted && event.target instanceof Element ? event.target.closest(OUR_QUOTE) : null;
    const ref = quote && parseQuoteHref(quote.getAttribute('href'));
    return quote && ref ? { quote, ref, same: sameActivity(ref, quoteActivity(quote, ctx.path)) } : null;
  };
  listenInOurRoots(
    'click',
    (event) => {
      const quote = at(event);
      if (quote?.same && !selectionInOurRoots()) followInCard(quote.quote, quote.ref, ctx);
    },
    ctx,
  );
  listenInOurRoots(
    'keydown',
    (event) => {
      const quote = (event as KeyboardEvent).key === 'Enter' ? at(event) : null;
      if (!quote || event.target !== quote.quote) return;
      if (quote.same) followInCard(quote.quote, quote.ref, ctx);
      else ctx.route.navigate(quotePath(quote.ref));
    },
    ctx,
    // The palette's activity view stops its keys on their way up.
    true,
  );
}

/** Makes a referenced quote navigable: a click (not the end of a selection) or Enter on it. */
function mountQuote(quote: Element, ctx: InjectionContext): undefined {
  const ref = parseQuoteHref(quote.getAttribute('href'));
  if (!ref) return;
  const same = sameActivity(ref, hostActivityId(quote, ctx.path));
  quote.classList.add(QUOTE_CLASS);
  quote.setAttribute('tabindex', '0');
  const go = () => (same ? void follow(quote, ref, ctx) : ctx.route.navigate(quotePath(ref)));
  quote.addEventListener('click', (event) => event.isTrusted && same && document.getSelection()?.isCollapsed !== false && go(), ctx);
  quote.addEventListener(
    'keydown',
    (event) => event.isTrusted && (event as KeyboardEvent).key === 'Enter' && event.target === quote && go(),
    ctx,
  );
  onAbort(ctx, () => {
    quote.classList.remove(QUOTE_CLASS);
    quote.removeAttribute('tabindex');
  });
}

/** The "Direct Link" of a quote of another activity, shown by the shared hover card runner. */
function attachDirectLinks(app: Element, ctx: InjectionContext): undefined {
  const linkAt = (target: EventTarget | null, selector = `blockquote.${QUOTE_CLASS}`) => {
    const quote = target instanceof Element ? target.closest(selector) : null;
    const ref = quote && parseQuoteHref(quote.getAttribute('href'));
    return quote && ref && !sameActivity(ref, quoteActivity(quote, ctx.path)) ? quote : null;
  };
  attachHoverCard<{ path: string }>(app, ctx, {
    kind: 'reply-to-link',
    linkAt: (target) => linkAt(target),
    linkInOurRoots: (target) => linkAt(target, OUR_QUOTE),
    // Clicking the quote itself (to select its text, say) keeps the link up.
    dismissesOnClick: () => false,
    load: async (quote) => {
      const ref = parseQuoteHref(quote.getAttribute('href'));
      return ref && { path: quotePath(ref) };
    },
    layer: (card, handlers) => <DirectLinkLayer state={card} handlers={handlers} />,
  });
}

export const replyTo: FeatureDef = {
  id: 'reply-to',
  styles,
  title: 'Reply To',
  category: 'activity',
  description: 'Add Reply To selection to activities and replies.',
  toggle: 'replyToEnabled',
  options: [{ key: 'replyToEnabled', default: false }],
  commands: [
    {
      id: 'reply-to.quote',
      title: 'Quote selection',
      section: 'Activity',
      keywords: ['reply to', 'quote', 'blockquote', 'selection', 'copy'],
      when: () => commandQuote() !== null,
      relevant: () => true,
      run: quoteSelection,
    },
  ],
  page: [
    { id: 'reply-to.selection', run: watchSelection },
    { id: 'reply-to.our-quotes', run: ourQuotes },
    {
      id: 'reply-to.quote-style',
      run: styleWhileRunning(
        'reply-to-quotes',
        `.${QUOTE_CLASS} { cursor: pointer; transition: border-color 0.3s; } .${QUOTE_CLASS}:hover, .${QUOTE_CLASS}:focus-visible { border-color: rgb(var(--color-blue)); }`,
      ),
    },
  ],
  injections: [
    {
      id: 'reply-to.quotes',
      selector: `${TEXT} blockquote[href]`,
      optional: true,
      key: (quote) => quote.getAttribute('href'),
      mount: mountQuote,
    },
    { id: 'reply-to.direct-links', selector: '#app', single: true, mount: attachDirectLinks },
  ],
};
