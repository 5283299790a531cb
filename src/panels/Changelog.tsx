import { useId } from 'react';
import { LockIcon } from './common/LockIcon';
import type { CommandContext } from '../commands/types';
import { CHANGELOG } from '../data/changelog';
import { settingsKey } from '../data/config';
import { useStored } from './hooks';

/** The changelog, newest first; features that map to an option carry a checkbox that switches it. */
export function Changelog({ ctx }: { ctx: CommandContext }) {
  useStored(settingsKey);
  const base = useId();
  return (
    <div className="vv-changelog">
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
                  <input id={id} type="checkbox" checked={ctx.settings.get(option.key) === true} onChange={(e) => ctx.settings.set(option.key, e.target.checked)} />{' '}
                  <label htmlFor={id}>{feature.description}</label>
                  {option.authRequired && !ctx.authorized && <span className="vv-auth-mark" title="Needs authorization">
                      {' '}
                      <LockIcon />
                      <span className="vv-sr-only"> needs authorization</span>
                    </span>}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
