import { useId, useState } from 'react';
import { LockIcon } from '../common/LockIcon';
import type { CommandContext, OptionDef } from '../../commands/types';
import { settingsKey } from '../../data/config';
import { ColorInput } from '../common/ColorInput';
import { useStored } from '../hooks';

/** One option as a checkbox, a select or a text/number field; authorization-gated ones are marked. */
export function OptionControl({ option, ctx, planned = false }: { option: OptionDef; ctx: CommandContext; planned?: boolean }) {
  useStored(settingsKey);
  const id = useId();
  const value = ctx.settings.get(option.key);
  const [draft, setDraft] = useState(String(value));
  const [error, setError] = useState<string | null>(null);
  // A value changed elsewhere (another tab, a reset) replaces the draft.
  const [drafted, setDrafted] = useState(String(value));
  if (drafted !== String(value)) {
    setDrafted(String(value));
    setDraft(String(value));
  }
  const locked = option.authRequired && !ctx.authorized;

  function commit(raw: string | boolean) {
    const next = typeof option.default === 'number' ? Number(raw) : raw;
    try {
      ctx.settings.set(option.key, next);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }

  const mark = <OptionMarks authRequired={!!option.authRequired} locked={!!locked} planned={planned} />;
  // Why a locked option does nothing yet, in words (not only a mark).
  const why = locked ? (
    <span className="vv-auth-note">
      Inert until you authorize: it reads or changes your AniList data through the API with your token (see the authorization tab).
    </span>
  ) : null;

  if (typeof option.default === 'boolean') {
    return (
      <label className="vv-option" htmlFor={id} data-option={option.key}>
        <input id={id} type="checkbox" checked={value === true} onChange={(e) => commit(e.target.checked)} />
        <span>
          {option.description} {mark}
        </span>
        {why}
      </label>
    );
  }
  return (
    <div className="vv-option" data-option={option.key}>
      <label htmlFor={id}>
        {option.description} {mark}
      </label>
      {option.format === 'color' ? (
        <ColorInput id={id} label={option.title} value={String(value)} onChange={(next) => next && commit(next)} />
      ) : option.choices ? (
        <select id={id} value={String(value)} onChange={(e) => commit(e.target.value)}>
          {option.choices.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type={typeof option.default === 'number' ? 'number' : 'text'}
          value={draft}
          min={option.min}
          max={option.max}
          maxLength={option.maxLength}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => draft !== String(value) && commit(draft)}
          onKeyDown={(e) => e.key === 'Enter' && commit(draft)}
        />
      )}
      {why}
      {error && (
        <span className="vv-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** After an option's description: the lock of an authorization-gated option, and "coming in a later update". */
function OptionMarks({ authRequired, locked, planned }: { authRequired: boolean; locked: boolean; planned: boolean }) {
  return (
    <>
      {authRequired && (
        <span
          className="vv-auth-mark"
          title={locked ? 'Needs authorization: inert until you authorize VoidVerified.' : 'Uses your authorization.'}
        >
          <LockIcon />
          <span className="vv-sr-only">{locked ? ' needs authorization' : ' uses your authorization'}</span>
        </span>
      )}
      {planned && <span className="vv-planned">coming in a later update</span>}
    </>
  );
}
