import type { CommandContext } from '../../commands/types';
import { selectAllUsers, toggleUser, type PickedUser } from '../../data/activity-search';
import type { UserSearchResult } from '../../data/documents';
import { safeUrl } from '../../data/guards';
import { findUsers, followedFirst } from '../../data/lookups';
import { Chips, SearchCombo } from '../common/MediaSearchBox';
import { useFollowing } from '../common/useFollowing';
import { USER_SEARCH_MIN } from '../../data/lookups';

/**
 * Picks several users: avatar and name, at least 3 characters,
 * 10 results. Picking a selected user removes it, unless 'Select All' (every current result)
 * added it; the chip's × always removes. The people you follow are suggested while the field is
 * empty and come first among the results.
 */
export function UserPicker({
  ctx,
  label,
  selected,
  onChange,
  placeholder = 'Search users',
}: {
  ctx: CommandContext;
  label: string;
  selected: readonly PickedUser[];
  onChange(next: PickedUser[]): void;
  placeholder?: string;
}) {
  const followed = useFollowing(ctx);
  return (
    <div className="vv-picker">
      <Chips
        label={label}
        items={selected}
        name={(u) => u.name}
        image={(u) => safeUrl(u.avatar?.large, 'image')}
        onRemove={(u) => onChange(selected.filter((x) => x.id !== u.id))}
      />
      <SearchCombo<UserSearchResult>
        ctx={ctx}
        label={label}
        placeholder={placeholder}
        minLength={USER_SEARCH_MIN}
        multiple
        search={async (search, signal) => {
          ctx.toasts.debug(`Querying user with search word ${search}`);
          return followedFirst(await findUsers(ctx, search, signal), followed);
        }}
        idle={followed}
        failure={(text) => `Failed to query media with search word ${text}`}
        isSelected={(u) => selected.some((x) => x.id === u.id)}
        onPick={(u) => onChange(toggleUser(selected, u))}
        actions={(results) => (
          <button
            type="button"
            className="vv-button vv-button-small"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onChange(selectAllUsers(selected, results))}
          >
            Select All
          </button>
        )}
        renderItem={(u) => (
          <>
            {safeUrl(u.avatar?.large, 'image') ? (
              <img className="vv-avatar" src={safeUrl(u.avatar?.large, 'image')} alt="" width={24} height={24} />
            ) : (
              <span className="vv-avatar vv-avatar-small-empty" />
            )}
            <span>{u.name}</span>
          </>
        )}
      />
    </div>
  );
}
