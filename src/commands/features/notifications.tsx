import { quickStartConfigKey, settingsKey } from '../../data/config';
import { NotificationCounter } from '../../data/notifications/count';
import {
  aniListReadKey,
  markAllRead,
  markedUnreadKey,
  markRead,
  quickAccessConfigKey,
  readNotificationsKey,
  unreadStateKey,
} from '../../data/notifications/storage';
import { isReadHere, readState, resetsOnQuery } from '../../data/notifications/read-state';
import { quickAccessThrottle } from '../../data/notifications/loading';
import { resetHostCount, unreadCountGuard } from '../../panels/notifications/actions';
import { FEED_FILTERS, filterLabel, summarize } from '../../data/notifications/rules';
import { feedFilter, feedText } from '../../data/notifications/feed-view';
import { NOTIFICATIONS_TEXTS } from '../../data/notifications/texts';
import { isHome, isNotifications } from '../../data/pages';
import { relativeTime, fromUnix } from '../../data/dates';
import { mountUi } from '../../panels/mount';
import { removeStyle, setStyle } from '../../inject/styles';
import type { Command, CommandContext, FeatureDef, InjectionContext } from '../types';
import { lazyComponent } from '../lazy';
import { partOf } from '../registry';
import { onAbort } from '../../inject/lifetime';
import styles from '../../panels/notifications/notifications.css';

const NotificationDot = lazyComponent(() => import('../../panels/notifications/NotificationDot'), 'NotificationDot');
const NotificationsFeed = lazyComponent(() => import('../../panels/notifications/NotificationsFeed'), 'NotificationsFeed');
const QuickAccessNotifications = lazyComponent(
  () => import('../../panels/notifications/QuickAccessNotifications'),
  'QuickAccessNotifications',
);

/**
 * Notifications: the replacement feed on /notifications, our unread count in the nav (fetched by
 * one tab for all of them), quick-access notifications on /home, and the newest notifications in
 * the palette's Dashboard.
 */

const replacing = (ctx: CommandContext) => ctx.settings.get('replaceNotifications') === true && ctx.authorized;
const quickEnabled = (ctx: CommandContext) => ctx.settings.get('quickAccessNotificationsEnabled') === true && ctx.authorized;
/** The feed's filters are commands while it is shown. */
const onFeed = (ctx: CommandContext) => replacing(ctx) && isNotifications(ctx.path);
const HOST_DOTS = '.nav .user .notification-dot, .hamburger .notification-dot { display: none !important; }';

/** The running counter of this tab (while the feed is replaced). */
let counter: NotificationCounter | null = null;

/** Runs this tab's counter until the injection is torn down. */
function startCounter(ctx: InjectionContext): void {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null;
  const mine = new NotificationCounter({ client: ctx.client, store: ctx.store, guard: unreadCountGuard(ctx.toasts), locks });
  counter = mine;
  const stop = mine.start();
  onAbort(ctx, () => {
    stop();
    if (counter === mine) counter = null;
  });
}

function openNotification(ctx: CommandContext, id: number, path: string | null): void {
  markRead(ctx.store, [id], true);
  ctx.route.navigate(path ?? '/notifications');
}

export const notifications: FeatureDef = {
  id: 'notifications',
  styles,
  title: 'Notifications',
  category: 'misc',
  description: 'A replacement notifications feed, an unread count shared by all tabs, and notifications on the home page.',
  options: [
    {
      key: 'replaceNotifications',
      title: 'Replace notifications',
      description: "Replace AniList's notifications page.",
      default: false,
      authRequired: true,
    },
    {
      key: 'quickAccessNotificationsEnabled',
      title: 'Quick access notifications',
      description: 'Show notifications on the home page.',
      default: false,
      authRequired: true,
    },
    {
      // Ours, not 2.0.3's syncReadNotifications (its sync through VoidAPI's server, which we do not
      // have): a 2.0.3 user's value stays in the settings untouched (issue 28).
      key: 'readStateFromAniList',
      title: 'Read state across devices',
      description: NOTIFICATIONS_TEXTS.readSync,
      default: false,
      authRequired: true,
    },
  ],
  commands: [
    {
      id: 'notifications.mark-all-read',
      title: 'Mark all notifications as read',
      section: 'Notification tools',
      keywords: ['clear', 'read', 'unread'],
      authRequired: true,
      // Resets AniList's unread count (unless the feed is set to keep it).
      effect: 'account',
      when: (ctx) => replacing(ctx) || quickEnabled(ctx),
      run: async (ctx) => {
        markAllRead(ctx.store, []);
        if (!resetsOnQuery(ctx.store)) await resetHostCount(ctx);
        else ctx.toasts.success(NOTIFICATIONS_TEXTS.allRead);
      },
    },
    {
      id: 'notifications.reset-count',
      title: "Reset AniList's notification count",
      section: 'Notification tools',
      keywords: ['unread', 'dot', 'clear'],
      authRequired: true,
      effect: 'account',
      run: async (ctx) => {
        await resetHostCount(ctx);
      },
    },
    {
      id: 'notifications.refresh',
      title: 'Refresh notifications',
      section: 'Notification tools',
      keywords: ['unread', 'count', 'update'],
      authRequired: true,
      when: replacing,
      run: async () => {
        await counter?.refresh();
      },
    },
    ...FEED_FILTERS.map((filter): Command => ({
      id: `notifications.filter-${filter}`,
      title: `Notifications filter: ${filterLabel(filter)}`,
      section: 'Notification tools',
      when: onFeed,
      run: () => feedFilter.set(filter),
    })),
    {
      id: 'notifications.filter-text',
      title: 'Filter notifications…',
      section: 'Notification tools',
      when: onFeed,
      run: async (ctx) => {
        const text = await ctx.prompt('Filter notifications', 'Filter current...');
        if (text !== null) feedText.set(text);
      },
    },
  ],
  // The Dashboard's notifications (QuickStart config), newest first, each opening its target. Of the
  // shared unread state only its items: the poll that stores them again every three minutes
  // rebuilds nothing unless they changed.
  reads: [
    quickStartConfigKey,
    partOf(unreadStateKey, (state) => state.items),
    readNotificationsKey,
    markedUnreadKey,
    aniListReadKey,
    partOf(settingsKey, (settings) => settings.readStateFromAniList),
  ],
  provideCommands: (ctx) => {
    if (!ctx.store.get(quickStartConfigKey).notificationsEnabled) return [];
    // The shared newest page while the feed is replaced; else what the home panel last showed here.
    const newest = replacing(ctx)
      ? ctx.store.get(unreadStateKey).items
      : quickEnabled(ctx)
        ? (quickAccessThrottle.cached?.list.map(summarize) ?? [])
        : [];
    const state = readState(ctx.store);
    const onlyUnread = ctx.store.get(quickStartConfigKey).onlyIncludeUnreadNotifications;
    return newest
      .filter((n) => !onlyUnread || !isReadHere(n.id, state))
      .map((n): Command => ({
        id: `notifications.item.${n.id}`,
        title: n.text,
        section: 'Notifications',
        keywords: ['notification', n.type.toLowerCase().replace(/_/g, ' ')],
        dashboard: true,
        hint: () => `${isReadHere(n.id, state) ? '' : 'unread · '}${relativeTime(fromUnix(n.createdAt))}`,
        run: (c) => openNotification(c, n.id, n.path),
      }));
  },
  injections: [
    {
      id: 'feed',
      route: isNotifications,
      selector: '.notifications-feed.container',
      single: true,
      toggle: 'replaceNotifications',
      authRequired: true,
      mount: (container, ctx) => {
        // The host's list and filters wherever Vue puts them under the container; our feed takes
        // the whole width whether the container is a grid, a flex row or a plain block.
        setStyle(
          'notifications-feed',
          '.notifications-feed.container .filters, .notifications-feed.container .notifications { display: none !important; }' +
            '.notifications-feed.container > [data-void-ui="notifications-feed"] { display: block; grid-column: 1 / -1; flex: 1 1 100%; width: 100%; min-width: 0; box-sizing: border-box; }',
        );
        mountUi(ctx, 'notifications-feed', (host) => container.append(host), <NotificationsFeed ctx={ctx} />);
        onAbort(ctx, () => {
          removeStyle('notifications-feed');
          feedFilter.set('custom');
          feedText.set('');
        });
      },
    },
    {
      id: 'unread-count',
      selector: '.nav .user',
      single: true,
      toggle: 'replaceNotifications',
      authRequired: true,
      mount: (user, ctx) => {
        setStyle('notifications-host-dot', HOST_DOTS);
        startCounter(ctx);
        mountUi(ctx, 'notification-dot', (host) => user.append(host), <NotificationDot ctx={ctx} />, 'span');
        onAbort(ctx, () => removeStyle('notifications-host-dot'));
      },
    },
    {
      // The mobile menu button carries the count too (AniList puts its dot there on phones).
      id: 'unread-count-mobile',
      selector: '.hamburger',
      single: true,
      toggle: 'replaceNotifications',
      authRequired: true,
      mount: (button, ctx) => {
        mountUi(ctx, 'notification-dot-mobile', (host) => button.append(host), <NotificationDot ctx={ctx} />, 'span');
      },
    },
    {
      id: 'quick-access',
      route: isHome,
      selector: '.container > .home > div:nth-child(2)',
      single: true,
      toggle: 'quickAccessNotificationsEnabled',
      authRequired: true,
      mount: (column, ctx) => {
        const place = (host: HTMLElement) => {
          const strip = column.querySelector(':scope > [data-void-ui="quick-access"]');
          if (strip) strip.after(host);
          else column.prepend(host);
        };
        mountUi(ctx, 'quick-access-notifications', place, <QuickAccessNotifications ctx={ctx} />);
        // Leaving home resets the 3-minute query throttle: the next visit asks again.
        onAbort(ctx, () => {
          if (!isHome(ctx.route.path())) quickAccessThrottle.reset();
        });
      },
    },
    {
      id: 'hide-host-dot',
      selector: '.nav',
      single: true,
      toggle: 'quickAccessNotificationsEnabled',
      authRequired: true,
      mount: (_nav, ctx) => {
        const apply = () => {
          if (ctx.store.get(quickAccessConfigKey).hideDefaultNotificationDot) setStyle('notifications-quick-dot', HOST_DOTS);
          else removeStyle('notifications-quick-dot');
        };
        apply();
        onAbort(ctx, ctx.store.subscribe(quickAccessConfigKey, apply));
        onAbort(ctx, () => removeStyle('notifications-quick-dot'));
      },
    },
  ],
};
