import type { CommandContext } from '../../commands/types';
import type { MediaSearchResult } from '../../data/documents';
import { safeUrl } from '../../data/guards';
import { latestMediaSearchesKey, pickMedia, rememberMedia } from '../../data/media-search';
import { findMedia, SEARCH_TEXTS } from '../../data/lookups';
import { useStored } from '../hooks';
import { Chips, SearchCombo } from './SearchCombo';

const mediaTitle = (m: MediaSearchResult) => m.title?.userPreferred ?? `#${m.id}`;
/** 'Anime 2023', 'Manga unreleased'. */
const mediaHint = (m: MediaSearchResult) => `${m.type === 'MANGA' ? 'Manga' : 'Anime'} ${m.startDate?.year ?? 'unreleased'}`;

/**
 * Picks anime and manga: poster, preferred title, type and start year. Single selection replaces
 * the pick and closes the list; multiple selection toggles and keeps it open. Picks go to the
 * latest media searches, listed while the field is focused and empty.
 */
export function MediaSearchBox({
  ctx,
  label = 'Media',
  selected,
  onChange,
  multiple = false,
  placeholder = 'Search anime or manga',
}: {
  ctx: CommandContext;
  label?: string;
  selected: readonly MediaSearchResult[];
  onChange(next: MediaSearchResult[]): void;
  multiple?: boolean;
  placeholder?: string;
}) {
  const cache = useStored(latestMediaSearchesKey);
  return (
    <div className="vv-picker">
      <Chips
        label={label}
        items={selected}
        name={mediaTitle}
        image={(m) => safeUrl(m.coverImage?.large, 'image')}
        onRemove={(m) => onChange(selected.filter((x) => x.id !== m.id))}
      />
      <SearchCombo<MediaSearchResult>
        ctx={ctx}
        label={label}
        placeholder={placeholder}
        minLength={1}
        multiple={multiple}
        idle={cache}
        search={(search, signal) => findMedia(ctx, search, signal)}
        failure={SEARCH_TEXTS.failed}
        isSelected={(m) => selected.some((x) => x.id === m.id)}
        onPick={(m) => {
          ctx.store.update(latestMediaSearchesKey, (latest) => rememberMedia(latest, m));
          onChange(pickMedia(selected, m, multiple));
        }}
        renderItem={(m) => (
          <>
            {safeUrl(m.coverImage?.large, 'image') ? (
              <img className="vv-cover" src={safeUrl(m.coverImage?.large, 'image')} alt="" width={24} height={34} />
            ) : (
              <span className="vv-cover vv-cover-empty" />
            )}
            <span className="vv-item-title">{mediaTitle(m)}</span>
            <span className="vv-item-hint">{mediaHint(m)}</span>
          </>
        )}
      />
    </div>
  );
}
