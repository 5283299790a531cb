import { useId } from 'react';
import type { CommandContext } from '../../commands/types';
import {
  clampFavourites,
  FAVOURITES_MAX,
  FAVOURITES_MIN,
  MINI_PROFILE_POSITIONS,
  miniProfileConfigKey,
  type MiniProfileConfig as Config,
  type MiniProfilePosition,
} from '../../data/mini-profile';
import { CheckboxOptions, SelectOption } from '../common/OptionRows';
import { useStoredConfig } from '../hooks';
import { Section } from '../common/Section';

const FLAGS: { key: Exclude<keyof Config, 'numberOfFavourites' | 'position'>; label: string }[] = [
  { key: 'hoverTags', label: 'Show when hovering @mentions and user links in text' },
  { key: 'hoverNotifications', label: 'Show when hovering notifications' },
  { key: 'displayBio', label: 'Display bio' },
  { key: 'displayAnime', label: 'Display anime favourites' },
  { key: 'displayManga', label: 'Display manga favourites' },
  { key: 'displayCharacters', label: 'Display character favourites' },
  { key: 'displayStaff', label: 'Display staff favourites' },
];

/** 'Mini Profile Configuration': every field of the mini profile config. */
export function MiniProfileConfig(_panel: { ctx: CommandContext }) {
  const [config, update] = useStoredConfig(miniProfileConfigKey);
  const id = useId();
  return (
    <Section className="vv-mini-profile-config" title="Mini Profile Configuration">
      <SelectOption
        label="Position"
        value={config.position}
        choices={MINI_PROFILE_POSITIONS}
        onChange={(p) => update({ position: p as MiniProfilePosition })}
      />
      <div className="vv-option">
        <label htmlFor={`${id}-favourites`}>Number of favourites</label>
        <input
          id={`${id}-favourites`}
          type="range"
          min={FAVOURITES_MIN}
          max={FAVOURITES_MAX}
          step={1}
          value={config.numberOfFavourites}
          onChange={(e) => update({ numberOfFavourites: clampFavourites(Number(e.target.value)) })}
        />
        <output htmlFor={`${id}-favourites`}>{config.numberOfFavourites}</output>
      </div>
      <CheckboxOptions idBase={id} fields={FLAGS} checked={(key) => config[key]} onChange={(key, on) => update({ [key]: on })} />
    </Section>
  );
}
