import type { MouseEvent } from 'react';
import type { CommandContext } from '../../commands/types';
import { type ActivityRelation, type RawNotification } from '../../data/notifications/documents';
import { markRead } from '../../data/notifications/storage';
import { isReadHere } from '../../data/notifications/read-state';
import { groupIds, notificationImage, notificationParts, notificationPath, type GroupedNotification } from '../../data/notifications/rules';
import { safeUrl } from '../../data/guards';
import { activityPath, characterPath, mediaPath, staffPath, userPath } from '../../data/paths';
import { Time } from '../activity/ActivityEntry';
import { InAppLink } from '../common/InAppLink';
import { Tooltip } from '../common/Tooltip';
import { useReadHere } from './useReadHere';

/** The page the picture leads to: the user's profile, else the media's (or staff's, character's) page. */
function previewPath(n: RawNotification): string | null {
  if (n.user) return userPath(n.user.name);
  if (n.media) return mediaPath(n.media);
  if (n.staff) return staffPath(n.staff.id);
  if (n.character) return characterPath(n.character.id);
  return null;
}

/** What is read here (AniList's count and this device's choices), and a way to mark ids read or unread (stored, so every tab follows). */
function useReadState(ctx: CommandContext) {
  const state = useReadHere();
  return {
    isRead: (ids: readonly number[]) => ids.every((id) => isReadHere(id, state)),
    mark: (ids: readonly number[], on: boolean) => markRead(ctx.store, ids, on),
  };
}

/**
 * One notification (or a group of them): the picture with "+N" and the others' avatars, the
 * sentence as a link to its target, the reason a data change gives, the activity it points at,
 * the time. A click on the item toggles read; following its link marks it read.
 */
export function NotificationItem({
  item,
  ctx,
  relation,
  showRelation,
}: {
  item: GroupedNotification;
  ctx: CommandContext;
  relation?: ActivityRelation;
  showRelation: boolean;
}) {
  const n = item.notification;
  const { isRead, mark } = useReadState(ctx);
  const ids = groupIds(item);
  const read = isRead(ids);
  const path = notificationPath(n);
  // The actor's name carries who it is, for the mini profile on notification names.
  const parts = notificationParts(n).map((p, i) =>
    p.strong ? (
      <strong key={i} className={p.user ? 'vv-notification-actor' : undefined} data-user={p.user}>
        {p.text}
      </strong>
    ) : (
      <span key={i}>{p.text}</span>
    ),
  );
  // A link's click stays the link's: the item's own click (read and unread) does not see it.
  const stop = (e: MouseEvent) => e.stopPropagation();
  const follow = (e: MouseEvent) => {
    stop(e);
    mark(ids, true);
  };
  return (
    <article
      className="vv-notification"
      data-unread={!read}
      data-type={n.type ?? undefined}
      data-id={n.id}
      title={read ? 'Click to mark as unread' : 'Click to mark as read'}
      onClick={() => mark(ids, !read)}
    >
      <NotificationPreview item={item} ctx={ctx} />
      <div className="vv-notification-body">
        {path ? (
          <InAppLink ctx={ctx} path={path} className="vv-notification-context" onFollow={follow}>
            {parts}
          </InAppLink>
        ) : (
          <span className="vv-notification-context">{parts}</span>
        )}
        {n.reason && <div className="vv-notification-reason">{n.reason}</div>}
        {n.notes && <div className="vv-notification-reason">{n.notes}</div>}
      </div>
      {showRelation && relation && (
        <InAppLink
          ctx={ctx}
          path={activityPath(relation.id)}
          className="vv-notification-relation"
          aria-label={relation.label ?? 'activity'}
          onFollow={follow}
        >
          {safeUrl(relation.image, 'image') ? (
            <img src={safeUrl(relation.image, 'image')} alt="" title={relation.label ?? undefined} />
          ) : (
            <span className="vv-avatar-empty" />
          )}
        </InAppLink>
      )}
      {n.createdAt ? <Time seconds={n.createdAt} /> : null}
      <button
        type="button"
        className="vv-notification-read"
        aria-pressed={read}
        aria-label={read ? 'Mark as unread' : 'Mark as read'}
        onClick={(e) => {
          e.stopPropagation();
          mark(ids, !read);
        }}
      />
    </article>
  );
}

/** The item's picture (linked to who or what it is about, with "+N" for a group) and the group's avatars. */
function NotificationPreview({ item, ctx }: { item: GroupedNotification; ctx: CommandContext }) {
  const n = item.notification;
  const preview = previewPath(n);
  const image = safeUrl(notificationImage(n), 'image');
  // A link's click stays the link's: the item's own click (read and unread) does not see it.
  const stop = (e: MouseEvent) => e.stopPropagation();
  return (
    <div className="vv-notification-preview">
      {n.type !== 'MEDIA_DELETION' &&
        (preview ? (
          <InAppLink
            ctx={ctx}
            path={preview}
            onFollow={stop}
            className={`vv-notification-image${n.user ? '' : ' vv-notification-cover'}`}
            aria-label={n.user?.name ?? 'media'}
          >
            {image ? <img src={image} alt="" /> : <span className="vv-avatar-empty" />}
            {item.group.length > 0 && <span className="vv-notification-count">+{item.group.length}</span>}
          </InAppLink>
        ) : (
          <span className="vv-notification-image">{image ? <img src={image} alt="" /> : <span className="vv-avatar-empty" />}</span>
        ))}
      {item.group.length > 0 && (
        <div className="vv-notification-group" onClick={(e) => e.stopPropagation()}>
          {item.group.slice(0, 10).map((u) => (
            <Tooltip key={u.notificationId} content={u.name}>
              <InAppLink ctx={ctx} path={userPath(u.name)} onFollow={stop} className="vv-notification-group-item" aria-label={u.name}>
                {safeUrl(u.avatar?.large, 'image') ? (
                  <img src={safeUrl(u.avatar?.large, 'image')} alt="" />
                ) : (
                  <span className="vv-avatar-empty" />
                )}
              </InAppLink>
            </Tooltip>
          ))}
        </div>
      )}
    </div>
  );
}
