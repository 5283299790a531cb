import { useLayoutEffect, useRef, useState } from 'react';
import type { CommandContext } from '../../commands/types';
import { type ActivityRelation, type RawNotification } from '../../data/notifications/documents';
import { feedConfigKey, markAllRead, unreadStateKey } from '../../data/notifications/storage';
import { FEED_FILTERS, groupIds, groupNotifications, matchesFilter, typesForFilter, type FeedFilter } from '../../data/notifications/rules';
import { loadNotificationPage, resetHostCount } from '../../data/notifications/loading';
import { attempt } from '../../data/api-errors';
import { FilterBox } from '../common/FilterBox';
import { TabList } from '../common/TabList';
import { useStored } from '../hooks';
import { NotificationConfigForm } from './NotificationConfigForm';
import { NotificationItem } from './NotificationItem';

const FILTER_LABELS: Record<FeedFilter, string> = {
  custom: 'Custom',
  all: 'All',
  airing: 'Airing',
  activity: 'Activity',
  forum: 'Forum',
  follows: 'Follows',
  likes: 'Likes',
  media: 'Media',
};

/**
 * The replacement notifications feed on /notifications: sidebar (text filter, type filters, Mark
 * all as read, the feed's settings) and the list, paged with Load More.
 */
export function NotificationsFeed({ ctx }: { ctx: CommandContext }) {
  const config = useStored(feedConfigKey);
  const [filter, setFilter] = useState<FeedFilter>('custom');
  const [text, setText] = useState('');
  const [list, setList] = useState<RawNotification[]>([]);
  const [relations, setRelations] = useState<Record<number, ActivityRelation>>({});
  const [page, setPage] = useState({ current: 0, hasNext: false });
  // The first page loads from the start (fetched on mount, below).
  const [busy, setBusy] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Only the latest request may fill the list: a newer one aborts the one before.
  const latest = useRef<AbortController | null>(null);

  function load(which: FeedFilter, next: number) {
    setBusy(true);
    void fetchPage(which, next);
  }
  async function fetchPage(which: FeedFilter, next: number) {
    latest.current?.abort();
    const mine = (latest.current = new AbortController());
    const { notificationTypes, resetDefaultNotifications, addActivityRelation } = ctx.store.get(feedConfigKey);
    const answer = await attempt(
      ctx.toasts,
      { toast: 'There was an error querying notification feed.', log: 'notification feed', detail: false },
      () =>
        loadNotificationPage(
          ctx,
          { types: typesForFilter(which, notificationTypes), page: next, reset: resetDefaultNotifications },
          addActivityRelation,
          mine.signal,
        ),
    );
    if (mine !== latest.current) return;
    if (answer.ok) {
      const result = answer.value;
      if (result.relationsFailed) ctx.toasts.error('Failed to get activity notification relations.', result.relationsError);
      setList((current) => (next === 1 ? result.list : [...current, ...result.list.filter((n) => !current.some((c) => c.id === n.id))]));
      setRelations((current) => ({ ...current, ...result.relations }));
      setPage({ current: result.currentPage, hasNext: result.hasNextPage });
    } else {
      setPage((p) => ({ ...p, hasNext: false }));
    }
    setBusy(false);
    setLoaded(true);
  }

  // A new filter starts again from page 1; so do other custom types and relations switched on.
  const customTypes = filter === 'custom' ? config.notificationTypes.join(',') : '';
  const asked = `${filter}|${customTypes}|${config.addActivityRelation}`;
  const [listed, setListed] = useState(asked);
  if (listed !== asked) {
    setListed(asked);
    setList([]);
    setPage({ current: 0, hasNext: false });
    setLoaded(false);
    setBusy(true);
  }
  // A layout effect: the request (which retires older answers) starts in the commit that cleared
  // the list, so no answer for the previous list can land in between. It asks when `asked` changes,
  // not on every render: fetchPage, from the latest render, comes through a ref set just before.
  const latestFetch = useRef(fetchPage);
  useLayoutEffect(() => {
    latestFetch.current = fetchPage;
  });
  useLayoutEffect(() => {
    void latestFetch.current(filter, 1);
  }, [asked, filter]);

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
    if (!ctx.store.get(feedConfigKey).resetDefaultNotifications) await resetHostCount(ctx);
  }

  return (
    <div className="vv-notifications-feed">
      <aside className="vv-notifications-sidebar">
        <FilterBox label="Filter notifications" placeholder="Filter current..." value={text} onChange={setText} />
        <TabList
          label="Notification filters"
          tabs={FEED_FILTERS}
          selected={filter}
          onSelect={setFilter}
          className="vv-notifications-filters"
          tabClassName="vv-notifications-filter"
        >
          {(f) => FILTER_LABELS[f]}
        </TabList>
        <button type="button" className="vv-button" onClick={() => void markAll()}>
          Mark all as read
        </button>
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
      </aside>
      <section className="vv-notifications-list" aria-label="Notifications" aria-busy={busy}>
        {arrived > 0 && !busy && (
          <button type="button" className="vv-button vv-notifications-arrived" onClick={() => load(filter, 1)}>
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
        {page.hasNext && !busy && (
          <button type="button" className="vv-button vv-load-more" onClick={() => load(filter, page.current + 1)}>
            Load More
          </button>
        )}
      </section>
    </div>
  );
}
