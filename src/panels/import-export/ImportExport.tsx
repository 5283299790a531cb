import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { formatHotkey, reviewImportedHotkeys } from '../../commands/hotkeys';
import { optionProblem } from '../../commands/registry';
import type { AppServices, CommandContext } from '../../commands/types';
import {
  ADOPT_AUTHORIZE_AGAIN,
  ADOPT_QUESTION,
  EXPORT_FILE_NAME,
  exportableKeys,
  exportText,
  isImportFileName,
  MAX_IMPORT_BYTES,
  skippedText,
  type HotkeyChange,
  type ImportDecision,
  type ImportSummary,
  type OptionCheck,
  FILE_TEXTS,
} from '../../data/config-io';
import type { KeyDef } from '../../data/storage';
import { CheckboxOptions } from '../common/OptionRows';
import { importText, type ImportDeps } from './import-flow';
import { SmallButton } from '../common/SmallButton';
import { Section } from '../common/Section';

/**
 * 'Import/Export': download the configuration, or load one (ours or the original's) after its
 * summary; and the summary itself, which the first-run adoption shows in its question too.
 */

/** Shows an import's summary and resolves with what the user accepted, or null (ImportDeps.review). */
export type ReviewImport = (summary: ImportSummary) => Promise<ImportDecision | null>;

export const reloadPage = (): void => location.reload();

/** The registry's rules for settings options, worded for an import message ('expected boolean'). */
export function optionChecker(registry: AppServices['registry']): OptionCheck {
  return (key, value) => {
    const option = registry.option(key);
    if (!option) return null;
    if (typeof value !== typeof option.default) return `expected ${typeof option.default}`;
    const problem = optionProblem(option, value);
    return problem && problem.replace(/\.$/, '').replace(/^./, (c) => c.toLowerCase());
  };
}

export function importDeps(ctx: AppServices, review: ReviewImport, reload: () => void = reloadPage): ImportDeps {
  return {
    store: ctx.store,
    toasts: ctx.toasts,
    reload,
    optionProblem: optionChecker(ctx.registry),
    reviewHotkeys: reviewImportedHotkeys(ctx.registry.commands(ctx.context(null)), (id) => ctx.registry.effectOf(id)),
    review,
  };
}

/** Saves the configuration (or only `keys`) as voidverified-configs.json through a temporary download link. */
export function downloadConfig(ctx: AppServices, keys?: readonly KeyDef<unknown>[]): void {
  const url = URL.createObjectURL(new Blob([exportText(ctx.store, undefined, keys)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = EXPORT_FILE_NAME;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  ctx.toasts.success(FILE_TEXTS.exported);
}

/** Reads a chosen file and imports it once its summary is accepted (toast and reload), or says why not and changes nothing. */
export async function importFile(ctx: AppServices, file: File, review: ReviewImport, reload: () => void = reloadPage): Promise<void> {
  if (!isImportFileName(file.name, file.type)) {
    ctx.toasts.error(FILE_TEXTS.notJson);
    return;
  }
  if (file.size > MAX_IMPORT_BYTES) {
    ctx.toasts.error(FILE_TEXTS.tooLarge);
    return;
  }
  let text: string;
  try {
    text = await file.text();
  } catch (error) {
    ctx.toasts.error(FILE_TEXTS.unreadable(error instanceof Error ? error.message : String(error)));
    return;
  }
  await importText(text, importDeps(ctx, review, reload));
}

/** What Export writes: every exportable key with a checkbox, all on (2.0.3's C30, by what each holds rather than its raw name). */
function ExportChoice({ ctx }: { ctx: CommandContext }) {
  const id = useId();
  const [left, setLeft] = useState<readonly string[]>([]);
  const keys = exportableKeys();
  const chosen = keys.filter((key) => !left.includes(key.name));
  return (
    <fieldset className="vv-export-choice">
      <legend>What to export</legend>
      <CheckboxOptions
        idBase={id}
        fields={keys.map((key) => ({ key: key.name, label: key.description.replace(/\.$/, '') }))}
        checked={(name) => !left.includes(name)}
        onChange={(name, on) => setLeft((list) => (on ? list.filter((x) => x !== name) : [...list, name]))}
      />
      <button type="button" className="vv-button" disabled={!chosen.length} onClick={() => downloadConfig(ctx, chosen)}>
        Export
      </button>
    </fieldset>
  );
}

export function ImportExport({ ctx, review, reload = reloadPage }: { ctx: CommandContext; review: ReviewImport; reload?: () => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    try {
      await importFile(ctx, file, review, reload);
    } finally {
      input.value = '';
      setBusy(false);
    }
  };
  return (
    <Section className="vv-import-export" title="Import/Export">
      <p className="vv-note">
        Export saves your configuration (settings, QuickStart, toasts, time format, global CSS, hotkeys…) as {EXPORT_FILE_NAME}; caches,
        read notifications and collapsed containers stay on this device, and so do credentials (your AniList sign-in, image-host keys and
        tokens). Import shows what a file exported here or by the original VoidVerified would change; once you accept, it replaces the
        configuration and reloads the page.
      </p>
      <ExportChoice ctx={ctx} />
      <div className="vv-option">
        <label htmlFor={`${id}-import`}>Import</label>
        <input id={`${id}-import`} type="file" accept=".json,application/json" disabled={busy} onChange={(e) => void onFile(e)} />
      </div>
    </Section>
  );
}

/** The longest stretch of an imported global CSS shown in the summary. */
const CSS_SHOWN = 4000;
/** The most layout names listed. */
const LAYOUTS_SHOWN = 20;

const keyText = (hotkey: string | null) => (hotkey ? formatHotkey(hotkey) : 'none');
/** A key's description inside a sentence: 'Settings options.' → 'settings options'. */
const inSentence = (description: string) => description.replace(/\.$/, '').replace(/^./, (c) => c.toLowerCase());

function HotkeyLine({ change, ticked, onTick }: { change: HotkeyChange; ticked: boolean; onTick(): void }) {
  const what = `${change.title}: ${keyText(change.from)} → ${keyText(change.to)}`;
  if (change.verdict === 'take') return <li data-command={change.commandId}>{what}</li>;
  if (change.verdict === 'refuse')
    return (
      <li data-command={change.commandId} className="vv-import-refused">
        {what}: refused, {change.why}.
      </li>
    );
  return (
    <li data-command={change.commandId} className="vv-import-asked">
      <label>
        <input type="checkbox" checked={ticked} onChange={onTick} /> {what}
      </label>{' '}
      <span className="vv-note">Not taken unless ticked: {change.why}.</span>
    </li>
  );
}

function CssPart({ css }: { css: string }) {
  if (!css) return <p className="vv-dialog-text">It clears your global CSS.</p>;
  return (
    <>
      <p className="vv-dialog-text">
        It replaces yours and applies to every AniList page once you accept ({css.length.toLocaleString('en')} characters
        {css.length > CSS_SHOWN ? `, the first ${CSS_SHOWN.toLocaleString('en')} shown` : ''}):
      </p>
      <pre className="vv-import-css">{css.slice(0, CSS_SHOWN)}</pre>
    </>
  );
}

function LayoutsPart({ names }: { names: string[] }) {
  const shown = names.slice(0, LAYOUTS_SHOWN).map((name) => name || '(unnamed)');
  const more = names.length - shown.length;
  return (
    <p className="vv-dialog-text">
      {names.length === 1 ? '1 layout replaces' : `${names.length} layouts replace`} yours: {shown.join(', ')}
      {more > 0 ? ` and ${more} more` : ''}.
    </p>
  );
}

/**
 * An import's summary with its choices: what it replaces, each hotkey it would change (refused and
 * asked ones said so; an asked one, or the credentials, taken only when ticked), its layouts, its
 * global CSS and what it leaves out. Accept resolves with the ticks; Cancel with null.
 */
export function ImportReview({
  ctx,
  summary,
  adoption,
  onAnswer,
}: {
  ctx: CommandContext;
  summary: ImportSummary;
  /** Asked as the first-run adoption: its question first (and the authorization note). */
  adoption?: { authorizeAgain: boolean };
  onAnswer(decision: ImportDecision | null): void;
}) {
  const [takeSecrets, setTakeSecrets] = useState(false);
  const [ticked, setTicked] = useState<readonly string[]>([]);
  const tick = (id: string) => setTicked((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  const skipped = skippedText(summary.skipped);
  const nothing = !summary.replaces.length && !summary.hotkeys.length && summary.layouts === null && summary.globalCss === null;
  return (
    <div className="vv-import-review">
      {adoption && <AdoptionQuestion ctx={ctx} authorizeAgain={adoption.authorizeAgain} />}
      {nothing && <p className="vv-dialog-text">It changes nothing of your configuration.</p>}
      {summary.replaces.length > 0 && <p className="vv-dialog-text">It replaces: {summary.replaces.map(inSentence).join('; ')}.</p>}
      {summary.hotkeys.length > 0 && (
        <ReviewPart label="Hotkeys">
          <ul className="vv-import-hotkeys">
            {summary.hotkeys.map((change) => (
              <HotkeyLine
                key={change.commandId}
                change={change}
                ticked={ticked.includes(change.commandId)}
                onTick={() => tick(change.commandId)}
              />
            ))}
          </ul>
        </ReviewPart>
      )}
      {summary.layouts !== null && (
        <ReviewPart label="Layouts">
          <LayoutsPart names={summary.layouts} />
        </ReviewPart>
      )}
      {summary.globalCss !== null && (
        <ReviewPart label="Global CSS">
          <CssPart css={summary.globalCss} />
        </ReviewPart>
      )}
      {summary.credentials.length > 0 && (
        <ReviewPart label="Credentials">
          <label className="vv-dialog-text">
            <input type="checkbox" checked={takeSecrets} onChange={() => setTakeSecrets((x) => !x)} /> Take its credentials:{' '}
            {summary.credentials.join(', ')}
          </label>
          <p className="vv-note">Not taken unless ticked: the ones stored here are kept.</p>
        </ReviewPart>
      )}
      {skipped && <p className="vv-note">Left out: {skipped}.</p>}
      <div className="vv-dialog-actions">
        <button type="button" className="vv-button" onClick={() => onAnswer(null)}>
          Cancel
        </button>
        <button
          type="button"
          className="vv-button vv-button-primary"
          onClick={() => onAnswer({ takeSecrets, takeHotkeys: ticked })}
          autoFocus
        >
          {adoption ? 'Ok' : 'Import'}
        </button>
      </div>
    </div>
  );
}

/** One part of the review, under its heading. */
function ReviewPart({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label}>
      <h4 className="vv-subheading">{label}</h4>
      {children}
    </section>
  );
}

/** The first-run adoption's question, and the authorization note when the token must be asked again. */
function AdoptionQuestion({ ctx, authorizeAgain }: { ctx: CommandContext; authorizeAgain: boolean }) {
  return (
    <>
      <p className="vv-dialog-text">{ADOPT_QUESTION}</p>
      {authorizeAgain && (
        <p className="vv-dialog-text vv-adoption-auth">
          {ADOPT_AUTHORIZE_AGAIN} <SmallButton onClick={() => void ctx.run('authorization.authorize')}>Authorize</SmallButton>
        </p>
      )}
    </>
  );
}
