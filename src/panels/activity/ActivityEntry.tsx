import { useEffect, useRef, useState, type ReactNode } from 'react';
import { sanitizer } from '../../commands/lazy';
import type { CommandContext } from '../../commands/types';
import {
  ACTIVITY_TEXTS,
  activityPermissions,
  deleteActivityOrReply,
  moderatorBadge,
  moderatorIcon,
  loadReplies,
  postReply,
  replyPermissions,
  saveActivityText,
  setActivitySubscription,
  statusText,
  toggleLikeOf,
  type Activity,
  type ActivityUser,
  type EditType,
  type Liker,
  type ModeratorIcon,
  type Reply,
} from '../../data/activities';
import { API_ERROR_TEXTS, attempt } from '../../data/api-errors';
import { donatorBadge } from '../../data/badges';
import { safeUrl } from '../../data/guards';
import { activityPath, mediaPath, replyPath, userPath } from '../../data/paths';
import { writerId } from '../../data/identity';
import { formatDateTime, fromUnix, relativeTime, timeConfigKey } from '../../data/dates';
import { settingsKey } from '../../data/config';
import { quotesAsLinks } from '../../data/rendered-quotes';
import { videosAsLinks } from '../../data/rendered-videos';
import { eventOrigin } from '../../inject/shadow';
import { InAppLink } from '../common/InAppLink';
import { Modal } from '../common/Modal';
import { useLazyModule, useStore, useStored } from '../hooks';
import { usePagedRead } from '../query';
import { TextEditor } from './TextEditor';
import { IconButton } from '../common/IconButton';
import { SmallButton } from '../common/SmallButton';

/**
 * One activity as we render it: list, text or message, with its time, a
 * subscribe bell, an ellipsis menu (Direct Link, Edit, Delete), likes with the likers on hover, and
 * replies fetched once, then paged with Load More. Used by activity search, the messages feed and
 * notifications. Every piece of user HTML goes through the sanitizer.
 */

function UserLink({ user, ctx, className = 'vv-act-name' }: { user: ActivityUser | null; ctx: CommandContext; className?: string }) {
  if (!user) return <span className={className}>someone</span>;
  return (
    <InAppLink ctx={ctx} className={className} path={userPath(user.name)}>
      {user.name}
    </InAppLink>
  );
}

const ICON_PATHS: Record<ModeratorIcon | 'donator', ReactNode> = {
  donator: <path d="M12 21s-7.5-4.6-9.6-9.2A5.2 5.2 0 0 1 12 6.1a5.2 5.2 0 0 1 9.6 5.7C19.5 16.4 12 21 12 21z" />,
  admin: <path d="M3 8l4.5 4L12 4l4.5 8L21 8l-2 11H5z" />,
  developer: <path d="M8.5 6 2.5 12l6 6 1.4-1.4L5.3 12l4.6-4.6zm7 0-1.4 1.4 4.6 4.6-4.6 4.6 1.4 1.4 6-6z" />,
  community: <path d="M12 2 4 5v6c0 5.2 3.4 9.8 8 11 4.6-1.2 8-5.8 8-11V5z" />,
  social: <path d="M3 9v6h4l6 4V5L7 9zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z" />,
  'anime-data': <path d="M4 4h16v12H4zm5 3v6l5-3zM8 18h8v2H8z" />,
  'manga-data': <path d="M4 4h7v16H4zm9 0h7v16h-7zM6 7v2h3V7zm9 0v2h3V7z" />,
  'character-data': <path d="M12 3a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm0 10c4.4 0 8 2 8 4.5V20H4v-2.5C4 15 7.6 13 12 13z" />,
  'staff-data': <path d="M9 3h6v3h5v14H4V6h5zm2 0v3h2V3zM8 11v2h8v-2zm0 4v2h5v-2z" />,
};

/** A badge as an icon, named for screen readers and shown on hover. */
function BadgeIcon({ icon, name, className }: { icon: ModeratorIcon | 'donator'; name: string; className: string }) {
  return (
    <span role="img" aria-label={name} title={name} className={`vv-badge-icon ${className}`} data-icon={icon}>
      <svg viewBox="0 0 24 24" width="14" height="14" fill="currentColor" aria-hidden="true" focusable="false">
        {ICON_PATHS[icon]}
      </svg>
    </span>
  );
}

function Badges({ user }: { user: ActivityUser | null }) {
  if (!user) return null;
  const donator = donatorBadge(user);
  const mod = moderatorBadge(user.moderatorRoles);
  const modIcon = moderatorIcon(user.moderatorRoles);
  return (
    <>
      {donator && (
        <BadgeIcon
          icon="donator"
          name={donator.text === 'Donator' ? 'Donator' : `Donator: ${donator.text}`}
          className={`vv-donator${donator.rainbow ? ' vv-rainbow' : ''}`}
        />
      )}
      {mod && modIcon && <BadgeIcon icon={modIcon} name={`Moderator: ${mod}`} className="vv-mod" />}
    </>
  );
}

function Avatar({ user }: { user: ActivityUser | Liker | null }) {
  const src = safeUrl(user?.avatar?.large, 'image');
  return src ? (
    <img className="vv-avatar" src={src} alt="" width={36} height={36} />
  ) : (
    <span className="vv-avatar vv-avatar-empty vv-avatar-small" />
  );
}

export function Time({ seconds }: { seconds: number }) {
  const config = useStored(timeConfigKey);
  const date = fromUnix(seconds);
  return (
    <time className="vv-act-time" dateTime={date.toISOString()} title={formatDateTime(date, config)}>
      {relativeTime(date)}
    </time>
  );
}

function Likes({
  id,
  type,
  count,
  liked,
  likers,
  ctx,
}: {
  id: number;
  type: 'ACTIVITY' | 'ACTIVITY_REPLY';
  count: number;
  liked: boolean;
  likers: (Liker | null)[];
  ctx: CommandContext;
}) {
  const [state, setState] = useState({ count, liked });
  const [open, setOpen] = useState(false);
  const people = likers.filter((l): l is Liker => l !== null);
  async function toggle() {
    // A failed like stays quiet: a debug toast only.
    const result = await attempt(
      ctx.toasts,
      { toast: ACTIVITY_TEXTS.likeFailed, log: 'liking an activity or reply failed', detail: false, level: 'debug' },
      () => toggleLikeOf(ctx, id, type),
    );
    if (result.ok) setState({ count: result.value?.likeCount ?? state.count, liked: result.value?.isLiked ?? !state.liked });
  }
  return (
    <span className="vv-anchor" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className={`vv-act-action vv-like${state.liked ? ' vv-liked' : ''}`}
        data-card="like"
        aria-pressed={state.liked}
        aria-label={`${state.liked ? 'Unlike' : 'Like'} (${state.count} likes)`}
        onClick={() => void toggle()}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      >
        ♥ {state.count}
      </button>
      {open && people.length > 0 && (
        <span className="vv-likers" role="tooltip">
          {people.slice(0, 20).map((p) => (
            <span key={p.name} className="vv-liker">
              <Avatar user={p} /> {p.name}
            </span>
          ))}
          {people.length > 20 && <span className="vv-liker">and {people.length - 20} more</span>}
        </span>
      )}
    </span>
  );
}

/** The ellipsis menu: Direct Link always; Edit and Delete when allowed. Escape or a click elsewhere closes it. */
function Menu({ ctx, link, onEdit, onDelete }: { ctx: CommandContext; link: string; onEdit?: () => void; onDelete?: () => void }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (event: Event) => {
      // Where the press began, inside our closed shadow root too.
      const origin = eventOrigin(event);
      if (!(origin instanceof Node && root.current?.contains(origin))) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', away, true);
    document.addEventListener('keydown', escape, true);
    return () => {
      document.removeEventListener('pointerdown', away, true);
      document.removeEventListener('keydown', escape, true);
    };
  }, [open]);
  const item = (label: string, card: string, action: () => void) => (
    <button
      type="button"
      role="menuitem"
      className="vv-menu-item"
      data-card={card}
      onClick={() => {
        setOpen(false);
        action();
      }}
    >
      {label}
    </button>
  );
  return (
    <span className="vv-anchor" ref={root}>
      <IconButton label="More actions" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        ⋯
      </IconButton>
      {/* Kept while closed, hidden: the palette's card commands press its items (commands/features/activity-card.ts). */}
      <span className="vv-menu" role="menu" hidden={!open}>
        {item('Direct Link', 'link', () => ctx.route.navigate(link))}
        {onEdit && item('Edit', 'edit', onEdit)}
        {onDelete && item('Delete', 'delete', onDelete)}
      </span>
    </span>
  );
}

function Html({ html, className }: { html: string | null; className: string }) {
  // Drawn again when videos become links (or players again), and when referenced quotes start or stop leading back.
  useStore(videosAsLinks);
  const quotes = useStore(quotesAsLinks);
  // Sanitized: tags and attributes from the host's allow-list only, no handlers, safe URLs only.
  // The sanitizer is evaluated when HTML is first shown; until then (a microtask) nothing is.
  const purifier = useLazyModule(sanitizer);
  return <div className={className} dangerouslySetInnerHTML={{ __html: purifier ? purifier.sanitizeHtml(html ?? '', { quotes }) : '' }} />;
}

/** The edit dialog: locks page scroll (Radix), saves TEXT, MESSAGE or REPLY, then shows the saved text. */
function EditDialog({
  ctx,
  type,
  id,
  initial,
  onSaved,
  onClose,
}: {
  ctx: CommandContext;
  type: EditType;
  id: number;
  initial: string;
  onSaved(saved: { text: string; html: string | null }): void;
  onClose(): void;
}) {
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Edit ${type === 'REPLY' ? 'reply' : type === 'MESSAGE' ? 'message' : 'activity'}`}
    >
      <TextEditor
        ctx={ctx}
        initial={initial}
        label="Edit text"
        publishLabel="Save"
        reply={type === 'REPLY'}
        onCancel={onClose}
        onPublish={async (text) => {
          const result = await attempt(
            ctx.toasts,
            { toast: ACTIVITY_TEXTS.saveFailed(type), log: 'saving an edit failed', detail: false },
            () => saveActivityText(ctx, type, id, text),
          );
          if (!result.ok) return false;
          const saved = result.value;
          onSaved({ text: saved?.text ?? saved?.message ?? text, html: saved?.html ?? null });
          onClose();
          return true;
        }}
      />
    </Modal>
  );
}

/** The links features declare for a reply's actions (`ReplyAction`), while each feature is on. */
function ReplyActions({ ctx, activityId, replyId }: { ctx: CommandContext; activityId: number; replyId: number }) {
  // Drawn again when an option switches a feature on or off.
  useStored(settingsKey);
  return (
    <>
      {ctx.registry.replyActions(ctx).map((action) => (
        <InAppLink
          key={action.id}
          ctx={ctx}
          path={action.path(activityId, replyId)}
          className="vv-act-action vv-reply-action icon-ml"
          data-action={action.id}
          aria-label={action.label}
          title={action.label}
        >
          <svg
            viewBox="0 0 24 24"
            width="14"
            height="14"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            {action.icon.map((d) => (
              <path key={d} d={d} />
            ))}
          </svg>
        </InAppLink>
      ))}
    </>
  );
}

function ReplyItem({ reply, activityId, ctx, onRemoved }: { reply: Reply; activityId: number; ctx: CommandContext; onRemoved(): void }) {
  const [body, setBody] = useState({ text: reply.text ?? '', html: reply.html });
  const [editing, setEditing] = useState(false);
  const can = replyPermissions(reply, writerId(ctx.identity));
  async function remove() {
    // Asks first (deleteActivityOrReply does, whoever calls it).
    const deleted = await attempt(ctx.toasts, { toast: ACTIVITY_TEXTS.deleteFailed, log: 'deleting a reply failed', detail: false }, () =>
      deleteActivityOrReply(ctx, 'REPLY', reply.id),
    );
    if (deleted.ok && deleted.value) onRemoved();
  }
  return (
    <li className="vv-reply" data-reply-id={reply.id}>
      <div className="vv-act-head">
        <Avatar user={reply.user} />
        <UserLink user={reply.user} ctx={ctx} />
        <Badges user={reply.user} />
        <span className="vv-act-spacer" />
        <ReplyActions ctx={ctx} activityId={activityId} replyId={reply.id} />
        <Time seconds={reply.createdAt} />
        <Likes id={reply.id} type="ACTIVITY_REPLY" count={reply.likeCount} liked={!!reply.isLiked} likers={reply.likes ?? []} ctx={ctx} />
        <Menu
          ctx={ctx}
          link={replyPath(activityId, reply.id)}
          onEdit={can.edit ? () => setEditing(true) : undefined}
          onDelete={can.delete ? () => void remove() : undefined}
        />
      </div>
      <Html html={body.html} className="vv-act-markdown" />
      {editing && (
        <EditDialog ctx={ctx} type="REPLY" id={reply.id} initial={body.text} onSaved={setBody} onClose={() => setEditing(false)} />
      )}
    </li>
  );
}

function Replies({
  activityId,
  ctx,
  preloaded,
  onCount,
  onFailed,
}: {
  activityId: number;
  ctx: CommandContext;
  preloaded?: Reply[];
  onCount(delta: number): void;
  onFailed(): void;
}) {
  // Fetched once, when first opened (the list stays mounted, hidden, when closed).
  const list = usePagedRead(activityId, {
    page: (n, signal) => loadReplies(ctx, activityId, n, signal),
    hasNext: (page) => page.hasNextPage,
    // Load More keeps the replies shown, and Load More itself (pressing it again retries); a failed
    // first load closes the reply area again (opening it once more retries).
    failure: {
      toasts: ctx.toasts,
      report: (n) => ({
        toast: n > 1 ? API_ERROR_TEXTS.replies : ACTIVITY_TEXTS.repliesFailed,
        log: 'querying replies failed',
        detail: false,
      }),
      onFailure: (n) => n === 1 && onFailed(),
    },
    ...(preloaded ? { initial: { replies: preloaded, hasNextPage: false } } : {}),
  });
  const replies: Reply[] = [];
  for (const r of list.pages.flatMap((page) => page.replies)) if (!replies.some((c) => c.id === r.id)) replies.push(r);
  const edit = (change: (replies: Reply[]) => Reply[]) =>
    list.edit((pages) => pages.map((page, i) => ({ ...page, replies: i === pages.length - 1 ? change(page.replies) : page.replies })));
  return (
    <div className="vv-replies">
      {list.busy && !replies.length && <p className="vv-note">Loading replies…</p>}
      <ul className="vv-reply-list">
        {replies.map((r) => (
          <ReplyItem
            activityId={activityId}
            key={r.id}
            reply={r}
            ctx={ctx}
            onRemoved={() => {
              list.edit((pages) => pages.map((page) => ({ ...page, replies: page.replies.filter((x) => x.id !== r.id) })));
              onCount(-1);
            }}
          />
        ))}
      </ul>
      {list.hasNext && (
        <SmallButton disabled={list.busy} onClick={list.loadMore} data-card="load-more">
          Load More
        </SmallButton>
      )}
      {ctx.authorized && (
        <TextEditor
          ctx={ctx}
          label="Reply"
          placeholder="Write a reply..."
          reply
          onPublish={async (text) => {
            const posted = await attempt(ctx.toasts, { toast: ACTIVITY_TEXTS.replyFailed, log: 'posting a reply failed' }, () =>
              postReply(ctx, activityId, text),
            );
            if (!posted.ok) return false;
            const saved = posted.value;
            if (saved) {
              edit((replies) => [...replies, saved]);
              onCount(1);
            }
            return true;
          }}
        />
      )}
    </div>
  );
}

export function ActivityEntry({
  activity,
  ctx,
  onRemoved,
  preloadedReplies,
}: {
  activity: Activity;
  ctx: CommandContext;
  onRemoved?(): void;
  preloadedReplies?: Reply[];
}) {
  const [editing, setEditing] = useState(false);
  const [removed, setRemoved] = useState(false);
  const [body, setBody] = useState({
    text:
      (activity.__typename === 'TextActivity' ? activity.text : activity.__typename === 'MessageActivity' ? activity.message : null) ?? '',
    html: activity.__typename === 'ListActivity' ? null : activity.html,
  });
  const can = activityPermissions(activity, writerId(ctx.identity));
  const author = activity.__typename === 'MessageActivity' ? activity.messenger : activity.user;

  async function remove() {
    // Asks first (deleteActivityOrReply does, whoever calls it).
    const deleted = await attempt(
      ctx.toasts,
      { toast: ACTIVITY_TEXTS.deleteFailed, log: 'deleting an activity failed', detail: false },
      () => deleteActivityOrReply(ctx, 'ACTIVITY', activity.id),
    );
    if (!deleted.ok || !deleted.value) return;
    setRemoved(true);
    onRemoved?.();
  }
  if (removed) return null;

  return (
    <article
      className={`vv-activity vv-activity-${activity.__typename}`}
      data-activity-id={activity.id}
      aria-label={`Activity by ${author?.name ?? 'someone'}`}
    >
      <ActivityHead
        activity={activity}
        author={author}
        ctx={ctx}
        onEdit={can.edit ? () => setEditing(true) : undefined}
        onDelete={can.delete ? () => void remove() : undefined}
      />
      {activity.__typename === 'ListActivity' ? (
        <ListActivityBody activity={activity} ctx={ctx} />
      ) : (
        <Html html={body.html} className="vv-act-markdown" />
      )}
      <RepliesPart activity={activity} ctx={ctx} preloadedReplies={preloadedReplies} />
      {editing && activity.__typename !== 'ListActivity' && (
        <EditDialog
          ctx={ctx}
          type={activity.__typename === 'TextActivity' ? 'TEXT' : 'MESSAGE'}
          id={activity.id}
          initial={body.text}
          onSaved={setBody}
          onClose={() => setEditing(false)}
        />
      )}
    </article>
  );
}

/** The reply count (a toggle for the replies, mounted when first opened) and the likes; the replies below. */
function RepliesPart({ activity, ctx, preloadedReplies }: { activity: Activity; ctx: CommandContext; preloadedReplies?: Reply[] }) {
  const [open, setOpen] = useState(false);
  const [replyCount, setReplyCount] = useState(activity.replyCount);
  const [repliesMounted, setRepliesMounted] = useState(false);
  return (
    <>
      <div className="vv-act-actions">
        <button
          type="button"
          className="vv-act-action"
          data-card="replies"
          aria-expanded={open}
          onClick={() => {
            setOpen((o) => !o);
            setRepliesMounted(true);
          }}
        >
          {replyCount} {replyCount === 1 ? 'reply' : 'replies'}
        </button>
        <Likes
          id={activity.id}
          type="ACTIVITY"
          count={activity.likeCount}
          liked={!!activity.isLiked}
          likers={activity.likes ?? []}
          ctx={ctx}
        />
      </div>
      {repliesMounted && (
        <div hidden={!open}>
          <Replies
            activityId={activity.id}
            ctx={ctx}
            preloaded={preloadedReplies}
            onCount={(d) => setReplyCount((c) => c + d)}
            onFailed={() => {
              setOpen(false);
              setRepliesMounted(false);
            }}
          />
        </div>
      )}
    </>
  );
}

/** The entry's head: who (and to whom), when, Subscribe and the menu. */
function ActivityHead({
  activity,
  author,
  ctx,
  onEdit,
  onDelete,
}: {
  activity: Activity;
  author: ActivityUser | null;
  ctx: CommandContext;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const [subscribed, setSubscribed] = useState(!!activity.isSubscribed);
  async function subscribe() {
    const toggled = await attempt(
      ctx.toasts,
      { toast: ACTIVITY_TEXTS.subscribeFailed, log: 'toggling an activity subscription failed', detail: false },
      () => setActivitySubscription(ctx, activity.id, !subscribed),
    );
    // The label follows the server's answer.
    if (toggled.ok) setSubscribed(toggled.value);
  }
  return (
    <div className="vv-act-head">
      <Avatar user={author} />
      <UserLink user={author} ctx={ctx} />
      <Badges user={author} />
      {activity.__typename === 'MessageActivity' && (
        <>
          <span aria-label="to">→</span>
          <UserLink user={activity.recipient} ctx={ctx} />
        </>
      )}
      <span className="vv-act-spacer" />
      <Time seconds={activity.createdAt} />
      {ctx.authorized && (
        <button type="button" className="vv-act-action" data-card="subscribe" aria-pressed={subscribed} onClick={() => void subscribe()}>
          {subscribed ? 'Unsubscribe' : 'Subscribe'}
        </button>
      )}
      <Menu ctx={ctx} link={activityPath(activity.id)} onEdit={onEdit} onDelete={onDelete} />
    </div>
  );
}

/** A list activity: the cover and the status sentence with the media's link. */
function ListActivityBody({ activity, ctx }: { activity: Extract<Activity, { __typename: 'ListActivity' }>; ctx: CommandContext }) {
  return (
    <div className="vv-act-list">
      {safeUrl(activity.media?.coverImage?.large, 'image') && (
        <img className="vv-cover" src={safeUrl(activity.media?.coverImage?.large, 'image')} alt="" width={40} height={56} />
      )}
      <span>
        {statusText(activity.status, activity.progress)}{' '}
        {activity.media && (
          <InAppLink ctx={ctx} className="vv-link" path={mediaPath(activity.media)}>
            {activity.media.title?.userPreferred ?? `#${activity.media.id}`}
          </InAppLink>
        )}
      </span>
    </div>
  );
}
