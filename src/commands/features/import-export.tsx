import { adoptionKey, offerAdoption } from '../../data/config-io';
import { attachShadowUi, createUiHost } from '../../inject/shadow';
import { downloadConfig, ImportExport, importDeps, importFile } from '../../panels/ImportExport';
import type { AppServices, FeatureDef } from '../types';

/**
 * Config Import/Export (document 1 screen 10): the settings sub-tab, two palette commands, and a
 * one-time offer to adopt the original VoidVerified's configuration found in page localStorage.
 */

const hasDom = () => typeof document !== 'undefined';

/** Opens the browser's file chooser from a file input in our own shadow-root host, then imports the file. */
function chooseAndImport(ctx: AppServices): void {
  if (!hasDom()) return;
  const host = createUiHost('import-file', 'span');
  document.body.append(host);
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = '.json,application/json';
  input.hidden = true;
  attachShadowUi(host).container.append(input);
  input.addEventListener('cancel', () => host.remove(), { once: true });
  input.addEventListener(
    'change',
    () => {
      const file = input.files?.[0];
      host.remove();
      if (file) void importFile(ctx, file);
    },
    { once: true },
  );
  input.click();
}

let adoptionChecked = false;

export const importExport: FeatureDef = {
  id: 'import-export',
  title: 'Import/Export',
  category: 'misc',
  description: 'Export the configuration to a file, import one (also from the original VoidVerified), and adopt the original’s configuration on first run.',
  commands: [
    {
      id: 'import-export.export',
      title: 'Export configuration',
      section: 'Import/Export',
      keywords: ['backup', 'save', 'download', 'config', 'settings'],
      run: (ctx) => {
        if (hasDom()) downloadConfig(ctx);
      },
    },
    {
      id: 'import-export.import',
      title: 'Import configuration…',
      section: 'Import/Export',
      keywords: ['restore', 'load', 'upload', 'config', 'settings', 'voidverified'],
      run: (ctx) => chooseAndImport(ctx),
    },
  ],
  panels: [{ kind: 'settings-tab', id: 'tab.import-export', title: 'Import/Export', component: ImportExport }],
  injections: [
    {
      // Once per page load, until the offer is settled: nothing to do afterwards.
      id: 'adopt-original',
      route: () => true,
      selector: 'body',
      single: true,
      when: (ctx) => ctx.store.get(adoptionKey) === null,
      mount: (_body, ctx) => {
        if (adoptionChecked || typeof localStorage === 'undefined') return;
        adoptionChecked = true;
        offerAdoption({ ...importDeps(ctx), confirm: (text) => ctx.confirm(text), getItem: (key) => localStorage.getItem(key) }).catch((error: unknown) =>
          console.error('[VoidVerified] the adoption check failed', error),
        );
      },
    },
  ],
};
