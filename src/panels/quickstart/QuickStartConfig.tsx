import { useId, useState } from 'react';
import { effectiveHotkey, formatHotkey } from '../../commands/hotkeys';
import type { CommandContext } from '../../commands/types';
import { hotkeysKey, QUICKSTART_OPEN_COMMAND, quickStartConfigKey, type QuickStartConfig as Config } from '../../data/config';
import { CheckboxOptions } from '../common/OptionRows';
import { useStored } from '../hooks';
import { assignHotkey, readCapture } from '../hotkeyCapture';
import { Section } from '../common/Section';

const FIELDS: { key: keyof Config; label: string }[] = [
  { key: 'addNavigationButtons', label: 'Add a QuickStart button to the navigation' },
  { key: 'usersEnabled', label: 'Show quick-access users in the Dashboard' },
  { key: 'notificationsEnabled', label: 'Show notifications in the Dashboard' },
  { key: 'onlyIncludeUnreadNotifications', label: 'Only include unread notifications' },
  { key: 'displayAllResultsOnEmpty', label: 'Show every command while the filter is empty' },
  { key: 'anilistLinksEnabled', label: 'Show AniList Links' },
  { key: 'voidSettingsEnabled', label: 'Show VoidVerified Settings' },
  { key: 'preserveActivitySearch', label: 'Preserve activity search (parameters, feed and scroll) after closing' },
];

/** 'QuickStart Configuration': every field of the QuickStart config; the keybind is the palette command's hotkey. */
export function QuickStartConfig({ ctx }: { ctx: CommandContext }) {
  const config = useStored(quickStartConfigKey);
  const overrides = useStored(hotkeysKey);
  const base = useId();
  const [error, setError] = useState<string | null>(null);
  const open = ctx.registry.command(QUICKSTART_OPEN_COMMAND);
  const keybind = open ? effectiveHotkey(open, overrides) : null;

  return (
    <Section className="vv-quickstart-config" title="QuickStart Configuration">
      <div className="vv-option">
        <label htmlFor={`${base}-keybind`}>Open QuickStart keybind</label>
        <input
          id={`${base}-keybind`}
          className="vv-key-input"
          data-hotkey-capture=""
          readOnly
          value={formatHotkey(keybind)}
          placeholder="None"
          onKeyDown={(event) => {
            if (!open) return;
            const capture = readCapture(event);
            if (capture.kind === 'cancel') event.currentTarget.blur();
            else if (capture.kind === 'set') setError(assignHotkey(ctx, ctx.registry.commands(ctx), open, capture.hotkey));
          }}
        />
        {error && (
          <span className="vv-error" role="alert">
            {error}
          </span>
        )}
      </div>
      <CheckboxOptions
        idBase={base}
        fields={FIELDS}
        checked={(key) => config[key]}
        onChange={(key, on) => ctx.store.update(quickStartConfigKey, (c) => ({ ...c, [key]: on }))}
      />
    </Section>
  );
}
