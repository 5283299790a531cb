import { useEffect, useRef, useState } from 'react';
import type { CommandContext } from '../../commands/types';
import {
  activityPermissions,
  activityReplies,
  deleteActivityOrReply,
  donatorBadge,
  moderatorBadge,
  replyPermissions,
  replyToActivity,
  REPLIES_PER_PAGE,
  saveActivityText,
  statusText,
  toggleLike,
  toggleSubscription,
  type Activity,
  type ActivityUser,
  type EditType,
  type Liker,
  type Reply,
} from '../../data/activities';
import { formatDateTime, fromUnix, relativeTime, timeConfigKey } from '../../data/time';
import { Modal } from '../common/Modal';
import { useStored } from '../hooks';
import { sanitizeHtml } from '../sanitize';
import { TextEditor } from './TextEditor';

/**
 * One activity as we render it (document 2 screen 3): list, text or message, with its time, a
 * subscribe bell, an ellipsis menu (Direct Link, Edit, Delete), likes with the likers on hover, and
 * replies fetched once, then paged with Load More. Used by activity search, the messages feed and
 * notifications. Every piece of user HTML goes through the sanitizer.
 */

const safeImage = (url: string | null | undefined) => (url && /^https:\/\//.test(url) ? url : undefined);

function UserLink({ user, ctx, className = 'vv-act-name' }: { user: ActivityUser | null; ctx: CommandContext; className?: string }) {
  if (!user) return <span className={className}>someone</span>;
  const path = `/user/${encodeURIComponent(user.name)}/`;
  return (
    <a
      className={className}
      href={path}
      onClick={(e) => {
        e.preventDefault();
        ctx.route.navigate(path);
      }}
    >
      {user.name}
    </a>
  );
}

function Badges({ user }: { user: ActivityUser | null }) {
  if (!user) return null;
  const donator = donatorBadge(user.donatorTier, user.donatorBadge);
  const mod = moderatorBadge(user.moderatorRoles);
  return (
    <>
      {donator && <span className={`vv-badge vv-donator${donator.rainbow ? ' vv-rainbow' : ''}`}>{donator.text}</span>}
      {mod && <span className="vv-badge vv-mod">{mod}</span>}
    </>
  );
}

function Avatar({ user }: { user: ActivityUser | Liker | null }) {
  const src = safeImage(user?.avatar?.large);
  return src ? <img className="vv-avatar" src={src} alt="" width={36} height={36} /> : <span className="vv-avatar vv-avatar-empty vv-avatar-small" />;
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

function Likes({ id, type, count, liked, likers, ctx }: { id: number; type: 'ACTIVITY' | 'ACTIVITY_REPLY'; count: number; liked: boolean; likers: (Liker | null)[]; ctx: CommandContext }) {
  const [state, setState] = useState({ count, liked });
  const [open, setOpen] = useState(false);
  const people = likers.filter((l): l is Liker => l !== null);
  async function toggle() {
    try {
      const { ToggleLikeV2 } = await ctx.client.request(toggleLike, { id, type });
      setState({ count: ToggleLikeV2?.likeCount ?? state.count, liked: ToggleLikeV2?.isLiked ?? !state.liked });
    } catch {
      // The spec keeps a failed like quiet: a debug toast only.
      ctx.toasts.debug('Failed to like activity or reply.');
    }
  }
  return (
    <span className="vv-anchor" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className={`vv-act-action vv-like${state.liked ? ' vv-liked' : ''}`}
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
      if (!event.composedPath().includes(root.current!)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', away, true);
    document.addEventListener('keydown', escape, true);
    return () => {
      document.removeEventListener('pointerdown', away, true);
      document.removeEventListener('keydown', escape, true);
    };
  }, [open]);
  const item = (label: string, action: () => void) => (
    <button
      type="button"
      role="menuitem"
      className="vv-menu-item"
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
      <button type="button" className="vv-icon-button" aria-label="More actions" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        ⋯
      </button>
      {open && (
        <span className="vv-menu" role="menu">
          {item('Direct Link', () => ctx.route.navigate(link))}
          {onEdit && item('Edit', onEdit)}
          {onDelete && item('Delete', onDelete)}
        </span>
      )}
    </span>
  );
}

function Html({ html, className }: { html: string | null; className: string }) {
  // Sanitized: tags and attributes from the host's allow-list only, no handlers, safe URLs only.
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html ?? '') }} />;
}

/** The edit dialog: locks page scroll (Radix), saves TEXT, MESSAGE or REPLY, then shows the saved text. */
function EditDialog({ ctx, type, id, initial, onSaved, onClose }: { ctx: CommandContext; type: EditType; id: number; initial: string; onSaved(saved: { text: string; html: string | null }): void; onClose(): void }) {
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={`Edit ${type === 'REPLY' ? 'reply' : type === 'MESSAGE' ? 'message' : 'activity'}`}>
      <TextEditor
        ctx={ctx}
        initial={initial}
        label="Edit text"
        publishLabel="Save"
        onCancel={onClose}
        onPublish={async (text) => {
          try {
            const saved = await saveActivityText(ctx.client, type, id, text);
            onSaved({ text: saved?.text ?? saved?.message ?? text, html: saved?.html ?? null });
            onClose();
            return true;
          } catch (error) {
            console.error('[VoidVerified] saving an edit failed', error);
            ctx.toasts.error(`Failed to save ${type.toLowerCase()}.`);
            return false;
          }
        }}
      />
    </Modal>
  );
}

function ReplyItem({ reply, ctx, onRemoved }: { reply: Reply; ctx: CommandContext; onRemoved(): void }) {
  const [body, setBody] = useState({ text: reply.text ?? '', html: reply.html });
  const [editing, setEditing] = useState(false);
  const can = replyPermissions(reply, ctx.viewer?.id);
  async function remove() {
    if (!(await ctx.confirm())) return;
    try {
      await deleteActivityOrReply(ctx.client, 'REPLY', reply.id);
      onRemoved();
    } catch {
      ctx.toasts.error('Failed to delete activity or reply.');
    }
  }
  return (
    <li className="vv-reply" data-reply-id={reply.id}>
      <div className="vv-act-head">
        <Avatar user={reply.user} />
        <UserLink user={reply.user} ctx={ctx} />
        <Badges user={reply.user} />
        <span className="vv-act-spacer" />
        <Time seconds={reply.createdAt} />
        <Likes id={reply.id} type="ACTIVITY_REPLY" count={reply.likeCount} liked={!!reply.isLiked} likers={reply.likes ?? []} ctx={ctx} />
        {(can.edit || can.delete) && (
          <Menu ctx={ctx} link={`/activity/${reply.id}`} onEdit={can.edit ? () => setEditing(true) : undefined} onDelete={can.delete ? () => void remove() : undefined} />
        )}
      </div>
      <Html html={body.html} className="vv-act-markdown" />
      {editing && <EditDialog ctx={ctx} type="REPLY" id={reply.id} initial={body.text} onSaved={setBody} onClose={() => setEditing(false)} />}
    </li>
  );
}

function Replies({ activityId, ctx, preloaded, onCount, onFailed }: { activityId: number; ctx: CommandContext; preloaded?: Reply[]; onCount(delta: number): void; onFailed(): void }) {
  const [replies, setReplies] = useState<Reply[]>(preloaded ?? []);
  const [page, setPage] = useState(preloaded ? 1 : 0);
  const [hasNext, setHasNext] = useState(false);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');

  async function load(next: number) {
    setState('loading');
    try {
      const { Page } = await ctx.client.request(activityReplies, { activityId, page: next, perPage: REPLIES_PER_PAGE });
      const found = Page.activityReplies.filter((r): r is Reply => r !== null);
      setReplies((current) => (next === 1 ? found : [...current, ...found.filter((r) => !current.some((c) => c.id === r.id))]));
      setPage(next);
      setHasNext(!!Page.pageInfo.hasNextPage);
      setState('idle');
    } catch {
      ctx.toasts.error('Failed to query activity replies.');
      setState('failed');
      // The reply area closes again; opening it once more retries.
      onFailed();
    }
  }
  // Fetched once, when first opened (the list stays mounted, hidden, when closed).
  useEffect(() => {
    if (!preloaded) void load(1);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="vv-replies">
      {state === 'loading' && !replies.length && <p className="vv-note">Loading replies…</p>}
      <ul className="vv-reply-list">
        {replies.map((r) => (
          <ReplyItem
            key={r.id}
            reply={r}
            ctx={ctx}
            onRemoved={() => {
              setReplies((list) => list.filter((x) => x.id !== r.id));
              onCount(-1);
            }}
          />
        ))}
      </ul>
      {hasNext && (
        <button type="button" className="vv-button vv-button-small" disabled={state === 'loading'} onClick={() => void load(page + 1)}>
          Load More
        </button>
      )}
      {ctx.authorized && (
        <TextEditor
          ctx={ctx}
          label="Reply"
          placeholder="Write a reply..."
          onPublish={async (text) => {
            try {
              const { SaveActivityReply } = await ctx.client.request(replyToActivity, { activityId, text });
              if (SaveActivityReply) {
                setReplies((list) => [...list, SaveActivityReply]);
                onCount(1);
              }
              return true;
            } catch {
              ctx.toasts.error('Failed to save reply.');
              return false;
            }
          }}
        />
      )}
    </div>
  );
}

export function ActivityEntry({ activity, ctx, onRemoved, preloadedReplies }: { activity: Activity; ctx: CommandContext; onRemoved?(): void; preloadedReplies?: Reply[] }) {
  const [subscribed, setSubscribed] = useState(!!activity.isSubscribed);
  const [open, setOpen] = useState(false);
  const [replyCount, setReplyCount] = useState(activity.replyCount);
  const [editing, setEditing] = useState(false);
  const [removed, setRemoved] = useState(false);
  const [repliesMounted, setRepliesMounted] = useState(false);
  const [body, setBody] = useState({
    text: (activity.__typename === 'TextActivity' ? activity.text : activity.__typename === 'MessageActivity' ? activity.message : null) ?? '',
    html: activity.__typename === 'ListActivity' ? null : activity.html,
  });
  const can = activityPermissions(activity, ctx.viewer?.id);
  const link = `/activity/${activity.id}`;
  const author = activity.__typename === 'MessageActivity' ? activity.messenger : activity.user;

  async function subscribe() {
    try {
      const { ToggleActivitySubscription } = await ctx.client.request(toggleSubscription, { activityId: activity.id, subscribe: !subscribed });
      // The label follows the server's answer.
      setSubscribed(!!ToggleActivitySubscription?.isSubscribed);
    } catch {
      ctx.toasts.error('Failed to toggle activity subscription');
    }
  }
  async function remove() {
    if (!(await ctx.confirm())) return;
    try {
      await deleteActivityOrReply(ctx.client, 'ACTIVITY', activity.id);
      setRemoved(true);
      onRemoved?.();
    } catch {
      ctx.toasts.error('Failed to delete activity or reply.');
    }
  }
  if (removed) return null;

  return (
    <article className={`vv-activity vv-activity-${activity.__typename}`} data-activity-id={activity.id} aria-label={`Activity by ${author?.name ?? 'someone'}`}>
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
          <button type="button" className="vv-act-action" aria-pressed={subscribed} onClick={() => void subscribe()}>
            {subscribed ? 'Unsubscribe' : 'Subscribe'}
          </button>
        )}
        <Menu
          ctx={ctx}
          link={link}
          onEdit={can.edit ? () => setEditing(true) : undefined}
          onDelete={can.delete ? () => void remove() : undefined}
        />
      </div>
      {activity.__typename === 'ListActivity' ? (
        <div className="vv-act-list">
          {safeImage(activity.media?.coverImage?.large) && <img className="vv-cover" src={safeImage(activity.media?.coverImage?.large)} alt="" width={40} height={56} />}
          <span>
            {statusText(activity.status, activity.progress)}{' '}
            {activity.media && (
              <a
                className="vv-link"
                href={`/${(activity.media.type ?? 'ANIME').toLowerCase()}/${activity.media.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  ctx.route.navigate(`/${(activity.media!.type ?? 'ANIME').toLowerCase()}/${activity.media!.id}`);
                }}
              >
                {activity.media.title?.userPreferred ?? `#${activity.media.id}`}
              </a>
            )}
          </span>
        </div>
      ) : (
        <Html html={body.html} className="vv-act-markdown" />
      )}
      <div className="vv-act-actions">
        <button
          type="button"
          className="vv-act-action"
          aria-expanded={open}
          onClick={() => {
            setOpen((o) => !o);
            setRepliesMounted(true);
          }}
        >
          {replyCount} {replyCount === 1 ? 'reply' : 'replies'}
        </button>
        <Likes id={activity.id} type="ACTIVITY" count={activity.likeCount} liked={!!activity.isLiked} likers={activity.likes ?? []} ctx={ctx} />
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
