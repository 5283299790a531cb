import { useId } from 'react';
import type { CommandContext } from '../../commands/types';
import { miniMediaConfigKey, type MiniMediaFlag } from '../../data/mini-media';
import { CheckboxOptions } from '../common/OptionRows';
import { useStoredConfig } from '../hooks';
import { Section } from '../common/Section';

/** 2.0.3's checkboxes, in its order and words (document 3, C14). */
const FLAGS: { key: MiniMediaFlag; label: string }[] = [
  { key: 'hoverActivityTitles', label: 'Show when hovering media titles in activities' },
  { key: 'hoverEmbeds', label: 'Show when hovering embeds' },
  { key: 'hoverRelations', label: 'Show when hovering relations in media page' },
  { key: 'hideRelations', label: 'Hide Relations' },
  { key: 'hideCharacters', label: 'Hide Characters' },
  { key: 'hideStaff', label: 'Hide Staff' },
  { key: 'hideBanner', label: 'Hide Banner' },
  { key: 'hideCover', label: 'Hide Cover' },
  { key: 'hideTags', label: 'Hide Tags' },
];

/** 'Mini Media Overview Configuration': the mini media settings tab and palette page. */
export function MiniMediaConfig(_panel: { ctx: CommandContext }) {
  const [config, update] = useStoredConfig(miniMediaConfigKey);
  const id = useId();
  return (
    <Section className="vv-mini-media-config" title="Mini Media Overview Configuration">
      <CheckboxOptions idBase={id} fields={FLAGS} checked={(key) => config[key]} onChange={(key, on) => update({ [key]: on })} />
    </Section>
  );
}
