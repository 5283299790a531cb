import { useRef, useState } from 'react';
import type { CommandContext } from '../../commands/types';
import { type ActivityRelation, type RawNotification } from '../../data/notifications/documents';
import { feedConfigKey, markAllRead, unreadStateKey } from '../../data/notifications/storage';
import {
  FEED_FILTERS,
  filterLabel,
  groupIds,
  groupNotifications,
  matchesFilter,
  typesForFilter,
  type FeedFilter,
} from '../../data/notifications/rules';
import { feedFilter, feedText } from '../../data/notifications/feed-view';
import { loadNotificationPage } from '../../data/notifications/loading';
import { NOTIFICATIONS_TEXTS } from '../../data/notifications/texts';
import { resetsOnQuery } from '../../data/notifications/read-state';
import { resetHostCount } from './actions';
import { FilterBox } from '../common/FilterBox';
import { TabList } from '../common/TabList';
import { useStore, useStored } from '../hooks';
import { usePagedRead } from '../query';
import { NotificationConfigForm } from './NotificationConfigForm';
import { NotificationItem } from './NotificationItem';

/** The feed's settings, folded under their header. */
function FeedSettings({ ctx }: { ctx: CommandContext }) {
  const config = useStored(feedConfigKey);
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <section className="vv-notifications-settings">
      <button type="button" className="vv-collapsible-header" aria-expanded={settingsOpen} onClick={() => setSettingsOpen((o) => !o)}>
        Notification Settings
      </button>
      {settingsOpen && (
        <NotificationConfigForm
          config={config}
          options={['groupNotifications', 'dontGroupWhenFiltering', 'addActivityRelation', 'resetDefaultNotifications']}
          onChange={(next) => ctx.store.set(feedConfigKey, next)}
        />
      )}
    </section>
  );
}

/**
 * The feed's list under `filter`: the pages so far, merged (a notification on two pages once). A
 * page another tab (or the home panel) got in the last 3 minutes is shown from the cache; once the
 * user asks for the new ones, pages are asked fresh.
 */
function useFeedPages(ctx: CommandContext, filter: FeedFilter) {
  const config = useStored(feedConfigKey);
  const fresh = useRef(false);
  // A new filter starts again from page 1; so do other custom types and relations switched on.
  const customTypes = filter === 'custom' ? config.notificationTypes.join(',') : '';
  const feed = usePagedRead([filter, customTypes, config.addActivityRelation], {
    async page(n, signal) {
      const { notificationTypes, addActivityRelation } = ctx.store.get(feedConfigKey);
      const vars = { types: typesForFilter(filter, notificationTypes), page: n, reset: resetsOnQuery(ctx.store) };
      const result = await loadNotificationPage(ctx, vars, addActivityRelation, signal, fresh.current);
      if (result.relationsFailed) ctx.toasts.error(NOTIFICATIONS_TEXTS.relationsFailed, result.relationsError);
      return result;
    },
    hasNext: (page) => page.hasNextPage,
    failure: {
      toasts: ctx.toasts,
      report: () => ({ toast: NOTIFICATIONS_TEXTS.feedFailed, log: 'notification feed' }),
    },
  });
  const list: RawNotification[] = [];
  const seen = new Set<number>();
  for (const n of feed.pages.flatMap((page) => page.list)) {
    if (seen.has(n.id)) continue;
    seen.add(n.id);
    list.push(n);
  }
  const relations: Record<number, ActivityRelation> = Object.assign({}, ...feed.pages.map((page) => page.relations));
  const reload = () => {
    fresh.current = true;
    feed.reload();
  };
  return { ...feed, list, relations, reload };
}

/**
 * The replacement notifications feed on /notifications: sidebar (text filter, type filters, Mark
 * all as read, the feed's settings) and the list, paged with Load More.
 */
export function NotificationsFeed({ ctx }: { ctx: CommandContext }) {
  const config = useStored(feedConfigKey);
  const filter = useStore(feedFilter);
  const text = useStore(feedText);
  const { list, relations, busy, settled: loaded, failed, hasNext, loadMore, reload } = useFeedPages(ctx, filter);

  // Newer notifications the unread count has seen since this list loaded (any type the feed asks for).
  const shared = useStored(unreadStateKey);
  const newestShown = list.reduce((max, n) => Math.max(max, n.id), 0);
  const asking = new Set<string>(typesForFilter(filter, config.notificationTypes));
  const arrived = loaded && newestShown > 0 ? shared.items.filter((s) => s.id > newestShown && asking.has(s.type)).length : 0;

  const filtering = text.trim().length > 0;
  const shown = list.filter((n) => matchesFilter(n, relations[n.activityId ?? -1], text));
  const items = groupNotifications(shown, config.groupNotifications && !(config.dontGroupWhenFiltering && filtering));

  async function markAll() {
    // What is shown (after the text filter) and what the unread count counts.
    markAllRead(ctx.store, items.flatMap(groupIds));
    if (!resetsOnQuery(ctx.store)) await resetHostCount(ctx);
  }

  return (
    <div className="vv-notifications-feed">
      <aside className="vv-notifications-sidebar">
        <FilterBox label="Filter notifications" placeholder="Filter current..." value={text} onChange={feedText.set} />
        <TabList
          label="Notification filters"
          tabs={FEED_FILTERS}
          selected={filter}
          onSelect={feedFilter.set}
          className="vv-notifications-filters"
          tabClassName="vv-notifications-filter"
        >
          {filterLabel}
        </TabList>
        <button type="button" className="vv-button" onClick={() => void markAll()}>
          Mark all as read
        </button>
        <FeedSettings ctx={ctx} />
      </aside>
      <section className="vv-notifications-list" aria-label="Notifications" aria-busy={busy}>
        {arrived > 0 && !busy && (
          <button type="button" className="vv-button vv-notifications-arrived" onClick={reload}>
            {arrived === 1 ? 'Show 1 new notification' : `Show ${arrived} new notifications`}
          </button>
        )}
        {loaded && !busy && list.length === 0 && <p className="vv-note vv-notifications-empty">Couldn't load notifications.</p>}
        {items.map((item) => (
          <NotificationItem
            key={item.notification.id}
            item={item}
            ctx={ctx}
            relation={item.notification.activityId ? relations[item.notification.activityId] : undefined}
            showRelation={config.addActivityRelation}
          />
        ))}
        {busy && <p className="vv-note vv-loader">Loading notifications…</p>}
        {hasNext && !failed && !busy && (
          <button type="button" className="vv-button vv-load-more" onClick={loadMore}>
            Load More
          </button>
        )}
      </section>
    </div>
  );
}
