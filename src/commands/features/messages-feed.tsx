import { mountUi } from '../../panels/mount';
import { isHome } from '../../data/pages';
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
 */

const ACTIVE = 'void-messages-active';

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
      <MessagesFeed ctx={ctx} following={following} />,
    );
  };
  const hide = () => {
    shown?.abort();
    shown = null;
    wrap.classList.remove(ACTIVE);
    item.classList.remove('active');
  };
  const onMenu = (event: Event) => {
    const clicked = (event.target as Element | null)?.closest('li');
    if (!clicked || !menu.contains(clicked)) return;
    if (clicked !== item) return hide();
    menu.querySelectorAll(':scope > li').forEach((li) => li.classList.toggle('active', li === item));
    wrap.classList.add(ACTIVE);
    show();
  };
  // Following/Global while Messages is shown: ask again with the host's new choice.
  const onToggle = (event: Event) => {
    const choice = (event.target as Element | null)?.closest('.feed-type-toggle > *');
    if (!choice) return;
    following = choice === choice.parentElement?.firstElementChild;
    if (shown) show();
  };
  menu.addEventListener('click', onMenu, { signal: ctx.signal });
  wrap.addEventListener('click', onToggle, { signal: ctx.signal });
  onAbort(ctx, () => {
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
