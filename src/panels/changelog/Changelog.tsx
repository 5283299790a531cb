import { useId } from 'react';
import { NeedsAuthMark } from '../common/LockIcon';
import type { CommandContext } from '../../commands/types';
import { effectiveHotkey, formatHotkey } from '../../commands/hotkeys';
import { CHANGELOG, changelogSeenKey } from '../../data/changelog';
import { hotkeysKey, QUICKSTART_OPEN_COMMAND, settingsKey } from '../../data/config';
import { adoptionKey } from '../../data/config-io';
import { useStored } from '../hooks';

/**
 * The first line a fresh install shows: how to start, with the palette's hotkey as it is now.
 * Someone who just brought the original VoidVerified's configuration along is not new: they are
 * told it came along, and where everything is now.
 */
export function startHint(hotkey: string | null, adopted = false): string {
  const lead = adopted ? 'Your VoidVerified configuration came along.' : 'New here?';
  return hotkey
    ? `${lead} Press ${formatHotkey(hotkey)} anywhere on AniList to open the QuickStart palette: every feature and setting is a command there.`
    : `${lead} Open the QuickStart palette from its command in VoidVerified settings: every feature and setting is a command there.`;
}

/** The changelog, newest first; features that map to an option carry a checkbox that switches it. */
export function Changelog({ ctx }: { ctx: CommandContext }) {
  useStored(settingsKey);
  const overrides = useStored(hotkeysKey);
  // Never closed yet: a fresh install (the history below means little to someone new).
  const fresh = useStored(changelogSeenKey) === null;
  const adoption = useStored(adoptionKey);
  const open = ctx.registry.command(QUICKSTART_OPEN_COMMAND);
  const base = useId();
  return (
    <div className="vv-changelog">
      {fresh && (
        <p className="vv-changelog-start">{startHint(open ? effectiveHotkey(open, overrides) : null, adoption?.outcome === 'adopted')}</p>
      )}
      {CHANGELOG.map((version) => (
        <section key={version.versionNumber} className="vv-changelog-version" aria-labelledby={`${base}-${version.versionNumber}`}>
          <h4 id={`${base}-${version.versionNumber}`}>Version {version.versionNumber}</h4>
          <ul>
            {version.features.map((feature, i) => {
              const option = feature.option ? ctx.registry.option(feature.option) : undefined;
              if (!option || typeof option.default !== 'boolean') return <li key={i}>{feature.description}</li>;
              const id = `${base}-${version.versionNumber}-${i}`;
              return (
                <li key={i}>
                  <input
                    id={id}
                    type="checkbox"
                    checked={ctx.settings.get(option.key) === true}
                    onChange={(e) => ctx.settings.set(option.key, e.target.checked)}
                  />{' '}
                  <label htmlFor={id}>{feature.description}</label>
                  {option.authRequired && !ctx.authorized && <NeedsAuthMark />}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
