import { useId } from 'react';
import { NOTIFICATION_TYPES, type NotificationType } from '../../data/notifications/documents';
import { type NotificationConfig } from '../../data/notifications/storage';

type BooleanOption =
  'groupNotifications' | 'dontGroupWhenFiltering' | 'addActivityRelation' | 'resetDefaultNotifications' | 'hideDefaultNotificationDot';

const LABELS: Record<BooleanOption, string> = {
  groupNotifications: 'Group similar notifications.',
  dontGroupWhenFiltering: "Don't group notifications when filtering.",
  addActivityRelation: 'Add relation to activity notifications.',
  resetDefaultNotifications: "Reset AniList's notification count when querying notifications.",
  hideDefaultNotificationDot: "Hide AniList's notification dot.",
};

/** 'ACTIVITY_REPLY_LIKE' → 'Activity reply like'. */
const typeLabel = (type: string) => type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, ' ');

/** The options and the notification types of a notifications config (the feed's or the home page's). */
export function NotificationConfigForm({
  config,
  options,
  onChange,
}: {
  config: NotificationConfig;
  options: readonly BooleanOption[];
  onChange(next: NotificationConfig): void;
}) {
  const id = useId();
  const toggleType = (type: NotificationType, on: boolean) =>
    onChange({
      ...config,
      notificationTypes: on
        ? NOTIFICATION_TYPES.filter((t) => t === type || config.notificationTypes.includes(t))
        : config.notificationTypes.filter((t) => t !== type),
    });
  return (
    <div className="vv-notification-config">
      {options.map((option) => (
        <label key={option} className="vv-check">
          <input type="checkbox" checked={config[option]} onChange={(e) => onChange({ ...config, [option]: e.currentTarget.checked })} />
          {LABELS[option]}
        </label>
      ))}
      <fieldset className="vv-notification-types" aria-labelledby={`${id}-types`}>
        <h3 id={`${id}-types`}>Notification Types</h3>
        {NOTIFICATION_TYPES.map((type) => (
          <label key={type} className="vv-check">
            <input
              type="checkbox"
              checked={config.notificationTypes.includes(type)}
              onChange={(e) => toggleType(type, e.currentTarget.checked)}
            />
            {typeLabel(type)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
