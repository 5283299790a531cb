import { useEffect, useState, type ReactNode } from 'react';
import type { CommandContext } from '../../commands/types';
import { attempt } from '../../data/api-errors';
import { safeUrl } from '../../data/guards';
import {
  airsIn,
  clampTo,
  cleanCategories,
  IN_PROGRESS_LABELS,
  IN_PROGRESS_TEXTS,
  inProgressCategoriesKey,
  inProgressSections,
  loadInProgress,
  nextAiring,
  progressText,
  saveProgress,
  titleOf,
  unitOf,
  type InProgressEntry,
} from '../../data/in-progress';
import { mediaPath } from '../../data/paths';
import { InAppLink } from '../common/InAppLink';
import { Tooltip } from '../common/Tooltip';
import { useStored } from '../hooks';
import { useLists } from './useLists';
import { CategoryManager } from './CategoryManager';
import { IconButton } from '../common/IconButton';

/**
 * In Progress on /home (C19), where AniList's `.list-previews` were: the sections, each entry's
 * cover with its progress and next episode, and the -, +, ✓ controls; the refresh button and the
 * categories manager on the first section's header. The lists are the one cached read (an hour):
 * a save changes it in place, so every entry and the palette's commands follow at once.
 */
export function InProgress({ ctx }: { ctx: CommandContext }) {
  const { owner, lists } = useLists(ctx);
  const categories = useStored(inProgressCategoriesKey);
  const [managing, setManaging] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  // The clean-up at each load: media no longer in progress leave their categories.
  useEffect(() => {
    const cleaned = lists && cleanCategories(ctx.store.get(inProgressCategoriesKey), lists);
    if (cleaned) ctx.store.set(inProgressCategoriesKey, cleaned);
  }, [ctx, lists]);
  if (!owner || !lists) return null;
  const refresh = async () => {
    setRefreshing(true);
    await attempt(ctx.toasts, { toast: IN_PROGRESS_TEXTS.queryFailed, log: 'querying in progress media failed' }, () =>
      loadInProgress(ctx, owner.id, { fresh: true }),
    );
    setRefreshing(false);
  };
  const cog = (
    <IconButton label={IN_PROGRESS_LABELS.manage} aria-pressed={managing} onClick={() => setManaging(!managing)}>
      ⚙
    </IconButton>
  );
  if (managing)
    return (
      <div className="vv-in-progress">
        <Header title={IN_PROGRESS_LABELS.managerTitle}>{cog}</Header>
        <CategoryManager ctx={ctx} lists={lists} categories={categories} />
      </div>
    );
  const sections = inProgressSections(lists, categories);
  const buttons = (
    <>
      <IconButton label={IN_PROGRESS_LABELS.refresh} disabled={refreshing} onClick={() => void refresh()}>
        ↻
      </IconButton>
      {cog}
    </>
  );
  return (
    <div className="vv-in-progress">
      {!sections.length && <Header title={IN_PROGRESS_LABELS.animeInProgress}>{buttons}</Header>}
      {sections.map((section, i) => (
        <section key={`${i}:${section.title}`} className="vv-in-progress-section" aria-label={section.title}>
          <Header title={section.title}>{i === 0 && buttons}</Header>
          <div className="vv-in-progress-grid">
            {section.entries.map((entry) => (
              <Entry key={entry.media.id} ctx={ctx} ownerId={owner.id} entry={entry} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

function Header({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="section-header vv-in-progress-header">
      <h2>{title}</h2>
      <span>{children}</span>
    </div>
  );
}

/** One entry: its cover (progress, next episode) and -, +, ✓. ✓ is enabled once the counter differs from the saved progress. */
function Entry({ ctx, ownerId, entry }: { ctx: CommandContext; ownerId: number; entry: InProgressEntry }) {
  const saved = entry.progress ?? 0;
  const [progress, setProgress] = useState(saved);
  const [saving, setSaving] = useState(false);
  // A save from elsewhere (the palette, a hotkey) moves the counter too.
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setProgress(saved);
  }
  const title = titleOf(entry);
  const unit = unitOf(entry);
  const save = async () => {
    setSaving(true);
    const done = await attempt(ctx.toasts, { toast: IN_PROGRESS_TEXTS.saveFailed, log: 'saving in progress media failed' }, () =>
      saveProgress(ctx, ownerId, entry, progress),
    );
    setSaving(false);
    if (done.ok) ctx.toasts.success(IN_PROGRESS_TEXTS.saved);
  };
  return (
    <div className="vv-in-progress-entry" data-media-id={entry.media.id}>
      <Tooltip content={title}>
        <InAppLink ctx={ctx} path={mediaPath(entry.media)} className="vv-in-progress-cover" aria-label={title}>
          <Cover entry={entry} />
          <span className="vv-in-progress-display vv-in-progress-counter">{progressText(entry, progress)}</span>
        </InAppLink>
      </Tooltip>
      <div className="vv-in-progress-actions">
        <button type="button" aria-label={`-1 ${unit}: ${title}`} onClick={() => setProgress(clampTo(entry, progress - 1))}>
          -
        </button>
        <button type="button" aria-label={`+1 ${unit}: ${title}`} onClick={() => setProgress(clampTo(entry, progress + 1))}>
          +
        </button>
        <button
          type="button"
          className="vv-in-progress-save"
          aria-label={`Save ${unit} ${progress}: ${title}`}
          disabled={saving || progress === saved}
          onClick={() => void save()}
        >
          ✓
        </button>
      </div>
    </div>
  );
}

/** The cover image and, for an airing anime, "Ep {n}" and when it airs. */
function Cover({ entry }: { entry: InProgressEntry }) {
  const image = safeUrl(entry.media.coverImage?.medium, 'image');
  const next = nextAiring(entry);
  return (
    <>
      {image && <img src={image} alt="" loading="lazy" />}
      {next && (
        <span className="vv-in-progress-display vv-in-progress-airing">
          <span>{IN_PROGRESS_LABELS.episode(next.episode)}</span>
          <span>{airsIn(next.airingAt)}</span>
        </span>
      )}
    </>
  );
}
