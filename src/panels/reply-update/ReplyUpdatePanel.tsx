import { useState } from 'react';
import type { CommandContext } from '../../commands/types';
import { attempt } from '../../data/api-errors';
import type { MediaSearchResult } from '../../data/documents';
import { IdentityMismatchError, ownerForWrite } from '../../data/identity';
import {
  clampProgress,
  loadProgress,
  REPLY_UPDATE_TEXTS,
  replyWithUpdate,
  showsProgress,
  statusesFor,
  type MediaProgress,
} from '../../data/reply-update';
import type { ListStatus } from '../../data/media-list';
import { MediaSearchBox } from '../common/MediaSearchBox';
import { activityPath } from '../../data/paths';
import { useRead } from '../query';

/** Whose the token is, to write as; a failure (or an owner who is not the site's account) is said in a toast. */
function tokenOwner(ctx: CommandContext) {
  return attempt(
    ctx.toasts,
    {
      toast: (error) => (error instanceof IdentityMismatchError ? error.message : REPLY_UPDATE_TEXTS.replyFailed),
      log: 'asking whose the token is failed',
    },
    () => ownerForWrite(ctx, ctx.viewer),
  );
}

/**
 * The reply-with-list-update panel under the home composer: pick a media, its status and progress;
 * Reply updates the list, then replies to the list activity that created with the composer's text.
 */
export function ReplyUpdatePanel({ ctx, text, clear }: { ctx: CommandContext; text(): string; clear(): void }) {
  const [media, setMedia] = useState<MediaSearchResult[]>([]);
  // The picked media's list entry: asked for each pick (a new pick aborts the previous one's).
  const [picks, setPicks] = useState(0);
  const picked = media[0]?.id ?? null;
  const entry = useRead(picked === null ? null : [picked, picks], {
    read: (signal) => loadProgress(ctx, picked!, signal),
    failure: { toasts: ctx.toasts, report: () => ({ toast: REPLY_UPDATE_TEXTS.progressFailed, log: 'querying media progress failed' }) },
  });
  const progress = entry.data ?? null;
  // The status and progress wait for the picked media's entry (issue 29: a late answer reset a
  // status chosen before it came); a failed read leaves them to the user.
  const loading = picked !== null && !entry.settled;
  const [status, setStatus] = useState<ListStatus>('PLANNING');
  const [value, setValue] = useState(0);
  // The status and progress start from the entry's, once it came, unless the user chose already.
  const [started, setStarted] = useState<MediaProgress | null>(null);
  const [chosen, setChosen] = useState(false);
  if (progress && progress !== started) {
    setStarted(progress);
    if (!chosen) {
      setStatus(progress.status);
      setValue(progress.progress);
    }
  }
  const [busy, setBusy] = useState(false);

  function pick(next: MediaSearchResult[]) {
    setMedia(next);
    setPicks((n) => n + 1);
    setChosen(false);
  }

  async function reply() {
    setBusy(true);
    // The list entry and the reply are the token owner's: the created activity is looked up by
    // their id, as AniList reports it (never the site's signed-in account, which may be another).
    const owner = await tokenOwner(ctx);
    if (!owner.ok) return setBusy(false);
    const outcome = await replyWithUpdate(ctx, {
      viewerId: owner.value.id,
      mediaId: media[0]?.id ?? null,
      mediaListId: progress?.mediaListId ?? null,
      status,
      progress: showsProgress(status) ? value : (progress?.progress ?? 0),
      text: text(),
      disabledTypes: ctx.viewer?.disabledListActivity ?? [],
    });
    setBusy(false);
    if (!outcome.ok) {
      // The composer keeps its text whatever failed.
      ctx.toasts.error(outcome.message, outcome.detail);
      return;
    }
    clear();
    ctx.route.navigate(activityPath(outcome.activityId));
  }

  const max = progress?.maxProgress ?? null;
  return (
    <div className="vv-reply-update" role="group" aria-label="Reply with list update">
      <MediaSearchBox ctx={ctx} label="Media" selected={media} onChange={pick} />
      <EntryFields
        status={status}
        value={value}
        max={max}
        disabled={!media.length || loading}
        onStatus={(next) => {
          setChosen(true);
          setStatus(next);
        }}
        onValue={(next) => {
          setChosen(true);
          setValue(next);
        }}
      />
      {loading && (
        <span className="vv-subtle" role="status">
          {REPLY_UPDATE_TEXTS.loadingEntry}
        </span>
      )}
      <button type="button" className="vv-button vv-button-primary" disabled={busy || loading} onClick={() => void reply()}>
        {busy ? 'Replying…' : 'Reply'}
      </button>
    </div>
  );
}

/** The status and progress of the picked media's entry: disabled while it has none or its entry loads. */
function EntryFields(props: {
  status: ListStatus;
  value: number;
  max: number | null;
  disabled: boolean;
  onStatus(status: ListStatus): void;
  onValue(value: number): void;
}) {
  const { status, value, max, disabled } = props;
  return (
    <>
      <label>
        Status{' '}
        <select value={status} onChange={(e) => props.onStatus(e.target.value as ListStatus)} disabled={disabled}>
          {statusesFor(max).map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      {showsProgress(status) && (
        <label>
          Progress{' '}
          <input
            type="number"
            min={0}
            max={max ?? undefined}
            value={value}
            disabled={disabled}
            onChange={(e) => props.onValue(clampProgress(Number(e.target.value), max))}
          />
          {max !== null && <span className="vv-subtle"> / {max}</span>}
        </label>
      )}
    </>
  );
}
