import { mountUi } from '../../panels/mount';
import { isHome } from '../../data/pages';
import { createStore } from '../../data/store';
import { removeStyle, setStyle } from '../../inject/styles';
import type { FeatureDef, InjectionContext } from '../types';
import { lazyComponent } from '../lazy';
import { childLifetime, onAbort } from '../../inject/lifetime';
import styles from '../../panels/messages-feed/messages-feed.css';

const MessagesFeed = lazyComponent(() => import('../../panels/messages-feed/MessagesFeed'), 'MessagesFeed');

/**
 * The Messages feed on /home: a 'Messages' choice in the host's feed-type dropdown. Choosing it
 * hides the host's feed and shows message activities as our own entries (replies, likes, edit,
 * delete), following or global as the host's toggle says; any other choice brings the host's back.
 * The keyboard's way: the palette's 'Messages feed' and 'Load more messages' while they apply; in the dropdown, ArrowDown from its last choice reaches
 * ours, and Enter or Space chooses it.
 */

const ACTIVE = 'void-messages-active';

/** The Messages choice while it is on the page (`shown`: the feed is up); the palette's command chooses it. */
const messagesChoice = createStore<{ choose(): void; shown(): boolean } | null>(null);
/** The feed's Load More while it shows one. */
const loadMore = createStore<{ load(): void } | null>(null);

/**
 * The dropdown's menu: inside the dropdown until it first opens, then in <body> (Element UI moves
 * its poppers there and keeps them), where the trigger's aria-controls names it.
 */
function menuOf(dropdown: Element): Element | null {
  const inside = dropdown.querySelector('ul');
  if (inside) return inside;
  const id = dropdown.querySelector('[aria-controls]')?.getAttribute('aria-controls');
  return id ? document.getElementById(id) : null;
}

function mountMessages(dropdown: Element, ctx: InjectionContext): undefined {
  const wrap = dropdown.closest('.activity-feed-wrap');
  const menu = menuOf(dropdown);
  if (!wrap || !menu) return;
  const item = document.createElement('li');
  item.className = 'el-dropdown-menu__item';
  item.textContent = 'Messages';
  item.dataset.voidMessages = '';
  item.tabIndex = -1;
  menu.append(item);
  // Any host feed and its infinite-scroll sentinel under the wrapper, however deep (ours is in a shadow root).
  setStyle(
    'messages-feed',
    `.activity-feed-wrap.${ACTIVE} .activity-feed, .activity-feed-wrap.${ACTIVE} .scroller, .activity-feed-wrap.${ACTIVE} .load-more { display: none !important; }`,
  );

  /** The shown feed's lifetime, while Messages is chosen. */
  let shown: AbortController | null = null;
  // The host's toggle: its first choice is Following, the second Global (whatever their tag).
  let following = wrap.querySelector('.feed-type-toggle > *')?.classList.contains('active') ?? true;
  const show = () => {
    shown?.abort();
    shown = childLifetime(ctx);
    const feed = wrap.querySelector('.activity-feed');
    mountUi(
      { ...ctx, signal: shown.signal },
      'messages-feed',
      (host) => (feed ? feed.after(host) : wrap.append(host)),
      <MessagesFeed ctx={ctx} following={following} onLoadMore={(load) => loadMore.set(load && { load })} />,
    );
  };
  const hide = () => {
    shown?.abort();
    shown = null;
    loadMore.set(null);
    wrap.classList.remove(ACTIVE);
    item.classList.remove('active');
  };
  const choose = () => {
    menu.querySelectorAll(':scope > li').forEach((li) => li.classList.toggle('active', li === item));
    wrap.classList.add(ACTIVE);
    show();
  };
  const onMenu = (event: Event) => {
    const clicked = (event.target as Element | null)?.closest('li');
    if (!clicked || !menu.contains(clicked)) return;
    if (clicked !== item) hide();
    else choose();
  };
  // Element UI collected the menu's keyboard choices once, before ours came, and clicks the focused
  // one on Enter (ours too). After its handler: ArrowDown on its last choice goes on to ours, ArrowUp
  // goes back; Space chooses ours and closes the menu with its trigger, as Enter does.
  const onKey = (event: Event) => {
    if (!event.isTrusted) return;
    const { key } = event as KeyboardEvent;
    const choices = [...menu.querySelectorAll<HTMLElement>(':scope > li')];
    const before = choices[choices.indexOf(item) - 1];
    const trigger = dropdown.querySelector<HTMLElement>('.el-dropdown-link');
    if (key === 'ArrowDown' && event.target === before) item.focus();
    else if (key === 'ArrowUp' && event.target === item) before?.focus();
    else if (key === ' ' && event.target === item) {
      choose();
      trigger?.focus();
      trigger?.click();
    } else return;
    event.preventDefault();
  };
  // Following/Global while Messages is shown: ask again with the host's new choice.
  const onToggle = (event: Event) => {
    const choice = (event.target as Element | null)?.closest('.feed-type-toggle > *');
    if (!choice) return;
    following = choice === choice.parentElement?.firstElementChild;
    if (shown) show();
  };
  menu.addEventListener('click', onMenu, { signal: ctx.signal });
  menu.addEventListener('keydown', onKey, { capture: true, signal: ctx.signal });
  messagesChoice.set({ choose, shown: () => shown !== null });
  wrap.addEventListener('click', onToggle, { signal: ctx.signal });
  onAbort(ctx, () => {
    messagesChoice.set(null);
    hide();
    item.remove();
    removeStyle('messages-feed');
  });
}

export const messagesFeed: FeatureDef = {
  id: 'messages-feed',
  styles,
  title: 'Messages feed',
  category: 'activity',
  description: 'A Messages choice in the home feed.',
  options: [
    {
      key: 'messageFeedEnabled',
      description: 'Add a Messages feed to the home page.',
      default: false,
      authRequired: true,
    },
  ],
  toggle: 'messageFeedEnabled',
  commands: [
    {
      id: 'messages-feed.show',
      title: 'Messages feed',
      section: 'Activity',
      when: () => messagesChoice.get()?.shown() === false,
      run: () => messagesChoice.get()?.choose(),
    },
    {
      id: 'messages-feed.load-more',
      title: 'Load more messages',
      section: 'Activity',
      when: () => loadMore.get() !== null,
      run: () => loadMore.get()?.load(),
    },
  ],
  injections: [
    {
      id: 'messages-choice',
      route: isHome,
      // The dropdown, not its menu: Element UI moves the menu to <body> when it first opens.
      selector: '.activity-feed-wrap .feed-select .el-dropdown',
      single: true,
      authRequired: true,
      mount: mountMessages,
    },
  ],
};
