import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CommandContext } from '../../commands/types';
import { attempt } from '../../data/api-errors';
import { markAllRead, quickAccessConfigKey } from '../../data/notifications/storage';
import { groupIds, groupNotifications, typesForFilter } from '../../data/notifications/rules';
import { loadNotificationPage, quickAccessThrottle, type LoadedPage } from '../../data/notifications/loading';
import { Collapsible } from '../common/Collapsible';
import { useStored } from '../hooks';
import { NotificationConfigForm } from './NotificationConfigForm';
import { NotificationItem } from './NotificationItem';
import { resetHostCount } from './actions';

const typesOf = (ctx: CommandContext) => typesForFilter('custom', ctx.store.get(quickAccessConfigKey).notificationTypes);

/**
 * Quick-access notifications on /home: a collapsible "Notifications" header with refresh, mark all
 * as read and a settings cog; the newest notifications of the chosen types below it. Asks at most
 * once per 3 minutes, again after the settings close with other types, and anew after leaving home.
 */
export function QuickAccessNotifications({ ctx }: { ctx: CommandContext }) {
  const config = useStored(quickAccessConfigKey);
  const [page, setPage] = useState<LoadedPage | null>(quickAccessThrottle.cached);
  const [busy, setBusy] = useState(false);
  const [configOpen, setConfigOpen] = useState(false);
  const [tick, setTick] = useState(0);

  async function query() {
    const types = typesOf(ctx);
    quickAccessThrottle.mark(types.join(','), Date.now());
    setBusy(true);
    const loaded = await attempt(
      ctx.toasts,
      { toast: 'There was an error querying quick access notifications.', log: 'quick access notifications', detail: false },
      () => loadNotificationPage(ctx, { types, page: 1, reset: false }, ctx.store.get(quickAccessConfigKey).addActivityRelation),
    );
    if (loaded.ok) {
      const result = loaded.value;
      if (result.relationsFailed) ctx.toasts.error('Failed to get activity notification relations.', result.relationsError);
      quickAccessThrottle.cached = result;
      setPage(result);
    }
    quickAccessThrottle.answered(types.join(','), Date.now());
    setBusy(false);
    setTick((t) => t + 1);
  }

  // Ask when allowed, else wait until it is; then every 3 minutes while the panel stays. The timer is
  // set again after each answer (tick) and when the settings open or close, not on every render:
  // it runs the query of the latest render through a ref.
  const latest = useRef({ ctx, query });
  useLayoutEffect(() => {
    latest.current = { ctx, query };
  });
  useEffect(() => {
    if (configOpen) return;
    const wait = quickAccessThrottle.wait(typesOf(latest.current.ctx).join(','), Date.now());
    const timer = setTimeout(() => void latest.current.query(), wait);
    return () => clearTimeout(timer);
  }, [tick, configOpen]);

  function toggleConfig() {
    // Closing with other types: the throttle's key changed, so the effect above asks at once.
    setConfigOpen((open) => !open);
  }

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
            <button
              type="button"
              className="vv-icon-button"
              title="Refresh"
              aria-label="Refresh notifications"
              disabled={busy}
              onClick={() => void query()}
            >
              ⟳
            </button>
            <button
              type="button"
              className="vv-icon-button"
              title="Mark all as read"
              aria-label="Mark all as read"
              onClick={() => void markAll()}
            >
              ✓
            </button>
            <button
              type="button"
              className="vv-icon-button"
              title="Settings"
              aria-label="Notification settings"
              aria-pressed={configOpen}
              onClick={toggleConfig}
            >
              ⚙
            </button>
          </span>
        }
      >
        {/* Folded, nothing is rendered (the list can be long). */}
        {config.collapsed ? null : configOpen ? (
          <div className="vv-quick-notifications-config">
            <h2>Notification Settings</h2>
            <NotificationConfigForm
              config={config}
              options={['groupNotifications', 'addActivityRelation', 'hideDefaultNotificationDot']}
              onChange={(next) => ctx.store.set(quickAccessConfigKey, next)}
            />
          </div>
        ) : (
          <div className="vv-quick-notifications-list">
            {!page && busy && <p className="vv-note vv-loader">Loading notifications…</p>}
            {page && !items.length && <p className="vv-note">Couldn't load notifications.</p>}
            {items.map((item) => (
              <NotificationItem
                key={item.notification.id}
                item={item}
                ctx={ctx}
                relation={item.notification.activityId ? page?.relations[item.notification.activityId] : undefined}
                showRelation={config.addActivityRelation}
              />
            ))}
          </div>
        )}
      </Collapsible>
    </section>
  );
}
