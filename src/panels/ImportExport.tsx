import { useId, useState, type ChangeEvent } from 'react';
import { optionProblem } from '../commands/registry';
import type { AppServices, CommandContext } from '../commands/types';
import {
  EXPORT_FILE_NAME,
  exportText,
  IMPORT_ERROR,
  importText,
  isImportFileName,
  MAX_IMPORT_BYTES,
  type ImportDeps,
  type OptionCheck,
} from '../data/config-io';

/** 'Import/Export': download the configuration, or load one (ours or the original's). */

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

export function importDeps(ctx: AppServices, reload: () => void = reloadPage): ImportDeps {
  return {
    store: ctx.store,
    toasts: ctx.toasts,
    reload,
    optionProblem: optionChecker(ctx.registry),
    confirmSecrets: (text) => ctx.confirm(text),
  };
}

/** Saves the configuration as voidverified-configs.json through a temporary download link. */
export function downloadConfig(ctx: AppServices): void {
  const url = URL.createObjectURL(new Blob([exportText(ctx.store)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = EXPORT_FILE_NAME;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  ctx.toasts.success(`Configuration exported to ${EXPORT_FILE_NAME}.`);
}

/** Reads a chosen file and imports it (toast and reload), or says why not and changes nothing. */
export async function importFile(ctx: AppServices, file: File, reload: () => void = reloadPage): Promise<void> {
  if (!isImportFileName(file.name, file.type)) {
    ctx.toasts.error(`${IMPORT_ERROR} Only .json files can be imported.`);
    return;
  }
  if (file.size > MAX_IMPORT_BYTES) {
    ctx.toasts.error(`${IMPORT_ERROR} The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);
    return;
  }
  let text: string;
  try {
    text = await file.text();
  } catch (error) {
    ctx.toasts.error(`${IMPORT_ERROR} ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  await importText(text, importDeps(ctx, reload));
}

export function ImportExport({ ctx, reload = reloadPage }: { ctx: CommandContext; reload?: () => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    try {
      await importFile(ctx, file, reload);
    } finally {
      input.value = '';
      setBusy(false);
    }
  };
  return (
    <div className="vv-import-export">
      <h3 className="vv-heading">Import/Export</h3>
      <p className="vv-note">
        Export saves your configuration (settings, QuickStart, toasts, time format, global CSS, hotkeys…) as {EXPORT_FILE_NAME}; caches,
        read notifications and collapsed containers stay on this device, and so do credentials (your AniList sign-in, image-host keys and
        tokens). Import replaces the configuration with a file exported here or by the original VoidVerified, then reloads the page.
      </p>
      <div className="vv-option">
        <button type="button" className="vv-button" onClick={() => downloadConfig(ctx)}>
          Export
        </button>
      </div>
      <div className="vv-option">
        <label htmlFor={`${id}-import`}>Import</label>
        <input id={`${id}-import`} type="file" accept=".json,application/json" disabled={busy} onChange={(e) => void onFile(e)} />
      </div>
    </div>
  );
}
