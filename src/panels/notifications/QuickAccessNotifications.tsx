import { useEffect, useRef, useState } from 'react';
import type { CommandContext } from '../../commands/types';
import { markAllRead, quickAccessConfigKey } from '../../data/notifications/storage';
import { groupIds, groupNotifications, typesForFilter, type GroupedNotification } from '../../data/notifications/rules';
import { loadNotificationPage, quickAccessThrottle, type LoadedPage } from '../../data/notifications/loading';
import { NOTIFICATIONS_TEXTS } from '../../data/notifications/texts';
import { Collapsible } from '../common/Collapsible';
import { useStored } from '../hooks';
import { usePagedRead } from '../query';
import { NotificationConfigForm } from './NotificationConfigForm';
import { NotificationItem } from './NotificationItem';
import { resetHostCount } from './actions';
import { IconButton } from '../common/IconButton';

const typesOf = (ctx: CommandContext) => typesForFilter('custom', ctx.store.get(quickAccessConfigKey).notificationTypes);

/**
 * The home panel's newest page, through the paged read (one page, asked again with `refresh`;
 * what is in flight is aborted when the panel goes). It asks when quickAccessThrottle allows,
 * else waits until it does; then every 3 minutes while the panel stays, and again as the settings
 * close with other types. A remount shows the page the panel last showed without asking.
 */
function useQuickAccessPage(ctx: CommandContext, configOpen: boolean) {
  const typesKey = typesForFilter('custom', useStored(quickAccessConfigKey).notificationTypes).join(',');
  // Nothing is asked until the throttle allows it, unless a page is there to show meanwhile.
  const [initial] = useState(() => quickAccessThrottle.cached ?? undefined);
  const [armed, setArmed] = useState(initial !== undefined);
  // The refresh button asks the API; the panel's own asks may take another tab's answer (QueryThrottle.fresh).
  const byUser = useRef(false);
  const read = usePagedRead<LoadedPage>(armed ? 'quick-access' : null, {
    initial,
    async page(_n, signal) {
      const types = typesOf(ctx);
      const asked = types.join(',');
      const relations = ctx.store.get(quickAccessConfigKey).addActivityRelation;
      // An ask aborted with the panel is forgotten at once, so a remount asks again.
      const forget = () => quickAccessThrottle.aborted(asked);
      signal.addEventListener('abort', forget, { once: true });
      let result: LoadedPage;
      try {
        const fresh = quickAccessThrottle.fresh(Date.now(), byUser.current);
        byUser.current = false;
        result = await loadNotificationPage(ctx, { types, page: 1, reset: false }, relations, signal, fresh);
      } finally {
        signal.removeEventListener('abort', forget);
        if (!signal.aborted) quickAccessThrottle.answered(asked, Date.now());
      }
      if (result.relationsFailed) ctx.toasts.error(NOTIFICATIONS_TEXTS.relationsFailed, result.relationsError);
      quickAccessThrottle.cached = result;
      return result;
    },
    hasNext: () => false,
    failure: {
      toasts: ctx.toasts,
      report: () => ({
        toast: NOTIFICATIONS_TEXTS.quickAccessFailed,
        log: 'quick access notifications',
      }),
    },
  });

  function refresh(asked = false) {
    byUser.current = asked;
    quickAccessThrottle.mark(typesOf(ctx).join(','), Date.now());
    if (armed) read.reload();
    else setArmed(true);
  }

  // Planned again on each render from the throttle's times, so the moment does not move; none while
  // asking or while the settings are open (closing them with other types asks at once).
  useEffect(() => {
    if (configOpen || read.busy) return;
    const timer = setTimeout(refresh, quickAccessThrottle.wait(typesKey, Date.now()));
    return () => clearTimeout(timer);
  });

  return { page: read.pages[0] ?? null, busy: read.busy, refresh };
}

/**
 * Quick-access notifications on /home: a collapsible "Notifications" header with refresh, mark all
 * as read and a settings cog; the newest notifications of the chosen types below it. Asks at most
 * once per 3 minutes, again after the settings close with other types, and anew after leaving home.
 */
export function QuickAccessNotifications({ ctx }: { ctx: CommandContext }) {
  const config = useStored(quickAccessConfigKey);
  const [configOpen, setConfigOpen] = useState(false);
  const { page, busy, refresh } = useQuickAccessPage(ctx, configOpen);
  const items = page ? groupNotifications(page.list, config.groupNotifications) : [];

  async function markAll() {
    markAllRead(ctx.store, items.flatMap(groupIds));
    await resetHostCount(ctx);
  }

  return (
    <section className="vv-quick-notifications" aria-label="Notifications" data-collapsed={config.collapsed}>
      <Collapsible
        ctx={ctx}
        id="quick-access-notifications"
        className="vv-quick-notifications-box"
        title="Notifications"
        collapsed={config.collapsed}
        onCollapsedChange={(collapsed) => ctx.store.update(quickAccessConfigKey, (c) => ({ ...c, collapsed }))}
        // New notifications open the panel: a collapsed container expands when content is added.
        content={items.map((item) => item.notification.id)}
        actions={
          <span className="vv-quick-notifications-actions">
            <IconButton label="Refresh notifications" title="Refresh" disabled={busy} onClick={() => refresh(true)}>
              ⟳
            </IconButton>
            <IconButton label="Mark all as read" onClick={() => void markAll()}>
              ✓
            </IconButton>
            <IconButton
              label="Notification settings"
              title="Settings"
              aria-pressed={configOpen}
              onClick={() => setConfigOpen((open) => !open)}
            >
              ⚙
            </IconButton>
          </span>
        }
      >
        {/* Folded, nothing is rendered (the list can be long). */}
        {config.collapsed ? null : configOpen ? (
          <QuickAccessSettings ctx={ctx} />
        ) : (
          <QuickAccessList ctx={ctx} page={page} items={items} busy={busy} />
        )}
      </Collapsible>
    </section>
  );
}

/** The panel's settings, in place of its list while open. */
function QuickAccessSettings({ ctx }: { ctx: CommandContext }) {
  const config = useStored(quickAccessConfigKey);
  return (
    <div className="vv-quick-notifications-config">
      <h2>Notification Settings</h2>
      <NotificationConfigForm
        config={config}
        options={['groupNotifications', 'addActivityRelation', 'hideDefaultNotificationDot']}
        onChange={(next) => ctx.store.set(quickAccessConfigKey, next)}
      />
    </div>
  );
}

/** The newest notifications, grouped as configured, each with the activity it points at when asked for. */
function QuickAccessList({
  ctx,
  page,
  items,
  busy,
}: {
  ctx: CommandContext;
  page: LoadedPage | null;
  items: GroupedNotification[];
  busy: boolean;
}) {
  const showRelation = useStored(quickAccessConfigKey).addActivityRelation;
  return (
    <div className="vv-quick-notifications-list">
      {!page && busy && <p className="vv-note vv-loader">Loading notifications…</p>}
      {page && !items.length && <p className="vv-note">Couldn't load notifications.</p>}
      {items.map((item) => (
        <NotificationItem
          key={item.notification.id}
          item={item}
          ctx={ctx}
          relation={item.notification.activityId ? page?.relations[item.notification.activityId] : undefined}
          showRelation={showRelation}
        />
      ))}
    </div>
  );
}
