import { Command as Cmdk } from 'cmdk';
import type { CommandContext } from '../../commands/types';
import { fuzzyScore } from '../../data/fuzzy';
import { safeUrl } from '../../data/guards';
import {
  airsIn,
  clampTo,
  IN_PROGRESS_LABELS,
  nextAiring,
  parseTyped,
  progressText,
  titleOf,
  unitOf,
  type InProgressEntry,
} from '../../data/in-progress';
import { PickGroup } from '../common/PickGroup';
import { Results } from '../common/Results';
import { useLists } from './useLists';

/**
 * The palette's "In Progress" page: the entries (the home section's read) with their progress and
 * next episode, filtered by title. Enter adds one; a number typed after the title sets the
 * progress to it ("frieren 12").
 */
export function InProgressPage({
  ctx,
  query,
  save,
}: {
  ctx: CommandContext;
  query: string;
  save(mediaId: number, progress?: number): Promise<void>;
}) {
  const { lists, failed } = useLists(ctx);
  if (!lists) return <Results pending={!failed}>{failed ? null : <Cmdk.Loading>Loading…</Cmdk.Loading>}</Results>;
  const { filter, progress } = parseTyped(query);
  const groups: [string, InProgressEntry[]][] = [
    ['Anime', matching(lists.anime, filter)],
    ['Manga', matching(lists.manga, filter)],
  ];
  if (!groups.some(([, entries]) => entries.length)) return <Cmdk.Empty>Nothing in progress matches “{filter}”.</Cmdk.Empty>;
  return (
    <Results pending={false}>
      {groups.map(
        ([heading, entries]) =>
          entries.length > 0 && (
            <PickGroup
              key={heading}
              heading={heading}
              items={entries}
              valueOf={(e) => `in-progress/${e.media.id}`}
              onPick={(e) => void save(e.media.id, progress ?? undefined)}
            >
              {(e) => <Row entry={e} progress={progress} />}
            </PickGroup>
          ),
      )}
    </Results>
  );
}

/** The entries whose title matches, best first (all, in list order, when nothing is typed). */
function matching(entries: InProgressEntry[], filter: string): InProgressEntry[] {
  const typed = filter.toLowerCase();
  return entries
    .map((entry) => ({ entry, score: fuzzyScore(typed, titleOf(entry).toLowerCase()) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((x) => x.entry);
}

function Row({ entry, progress }: { entry: InProgressEntry; progress: number | null }) {
  const cover = safeUrl(entry.media.coverImage?.medium, 'image');
  const next = nextAiring(entry);
  const unit = unitOf(entry);
  const target = progress === null ? null : clampTo(entry, progress);
  return (
    <>
      {cover && <img className="vv-cover" src={cover} alt="" width={24} height={34} />}
      <span className="vv-item-title">{titleOf(entry)}</span>
      <span className="vv-item-hint">
        {progressText(entry)}
        {next && ` · ${IN_PROGRESS_LABELS.episode(next.episode)} ${airsIn(next.airingAt)}`}
      </span>
      <span className="vv-kbd">{target === null ? `+1 ${unit}` : `Set ${unit} ${target}`}</span>
    </>
  );
}
