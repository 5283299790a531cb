import type { CommandContext } from '../../commands/types';
import { selectAllUsers, toggleUser, type PickedUser } from '../../data/activity-search';
import { safeUrl } from '../../data/guards';
import { Chips } from '../common/SearchCombo';
import { UserSearch } from '../common/UserSearch';
import { SmallButton } from '../common/SmallButton';

/**
 * Picks several users with the user search: picking a selected user removes it, unless 'Select
 * All' (every current result) added it; the chip's × always removes. The people you follow are
 * suggested while the field is empty.
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
  return (
    <div className="vv-picker">
      <Chips
        label={label}
        items={selected}
        name={(u) => u.name}
        image={(u) => safeUrl(u.avatar?.large, 'image')}
        onRemove={(u) => onChange(selected.filter((x) => x.id !== u.id))}
      />
      <UserSearch
        ctx={ctx}
        label={label}
        placeholder={placeholder}
        multiple
        suggestFollowed
        isSelected={(u) => selected.some((x) => x.id === u.id)}
        onPick={(u) => onChange(toggleUser(selected, u))}
        actions={(results) => (
          <SmallButton onMouseDown={(e) => e.preventDefault()} onClick={() => onChange(selectAllUsers(selected, results))}>
            Select All
          </SmallButton>
        )}
      />
    </div>
  );
}
