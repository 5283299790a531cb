import {
  ADOPT_AUTHORIZE_AGAIN,
  ADOPT_QUESTION,
  adoptionKey,
  offerAdoption,
  settleAdoption,
  type AdoptionOutcome,
  type AdoptionQuestion,
} from '../../data/config-io';
import { createUiHost } from '../../inject/shadow';
import { attachPanelsUi } from '../../panels/mount';
import { lazyComponent, lazyModule } from '../lazy';
import type { AppServices, CommandContext, FeatureDef } from '../types';

const ImportExport = lazyComponent(() => import('../../panels/ImportExport'), 'ImportExport');
/** Export, import and the adoption's dependencies: evaluated when one of them is first used. */
const configFiles = lazyModule(() => import('../../panels/ImportExport'));

/**
 * Config Import/Export: the settings sub-tab, two palette commands, and a
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
  attachPanelsUi(host).container.append(input);
  input.addEventListener('cancel', () => host.remove(), { once: true });
  input.addEventListener(
    'change',
    () => {
      const file = input.files?.[0];
      host.remove();
      if (file) void configFiles.load().then((m) => m.importFile(ctx, file));
    },
    { once: true },
  );
  input.click();
}

const ADOPT_DIALOG = 'import-export.adopt';
/** The dialog's argument when no usable AniList token is stored: it says to authorize again. */
const AUTHORIZE_AGAIN_ARG = 'authorize-again';

/** Resolves the question on screen; null while none is asked. */
let answerAdoption: ((yes: boolean) => void) | null = null;

function answer(yes: boolean): void {
  const resolve = answerAdoption;
  answerAdoption = null;
  resolve?.(yes);
}

/** Asks the adoption question in its dialog; closing it (Escape, the backdrop, ×) declines. */
function askAdoption(ctx: AppServices, question: AdoptionQuestion): Promise<boolean> {
  answer(false);
  return new Promise((resolve) => {
    answerAdoption = resolve;
    ctx.dialogs.open(ADOPT_DIALOG, question.authorizeAgain ? AUTHORIZE_AGAIN_ARG : undefined);
  });
}

function AdoptionQuestionDialog({ ctx, arg, close }: { ctx: CommandContext; arg?: string; close(): void }) {
  const choose = (yes: boolean) => {
    answer(yes);
    close();
  };
  return (
    <div className="vv-adoption">
      <p className="vv-dialog-text">{ADOPT_QUESTION}</p>
      {arg === AUTHORIZE_AGAIN_ARG && (
        <p className="vv-dialog-text vv-adoption-auth">
          {ADOPT_AUTHORIZE_AGAIN}{' '}
          <button type="button" className="vv-button vv-button-small" onClick={() => void ctx.run('authorization.authorize')}>
            Authorize
          </button>
        </p>
      )}
      <div className="vv-dialog-actions">
        <button type="button" className="vv-button" onClick={() => choose(false)}>
          Cancel
        </button>
        <button type="button" className="vv-button vv-button-primary" onClick={() => choose(true)} autoFocus>
          Ok
        </button>
      </div>
    </div>
  );
}

/** The first-run adoption offer, asked at most once per page load (the changelog waits for it). */
function offerOnce(ctx: AppServices): Promise<AdoptionOutcome | null> {
  return settleAdoption(ctx.store, () =>
    configFiles.load().then((m) =>
      offerAdoption({
        ...m.importDeps(ctx),
        confirm: (question) => askAdoption(ctx, question),
        getItem: (key) => localStorage.getItem(key),
      }),
    ),
  );
}

export const importExport: FeatureDef = {
  id: 'import-export',
  title: 'Import/Export',
  category: 'misc',
  description:
    'Export the configuration to a file, import one (also from the original VoidVerified), and adopt the original’s configuration on first run.',
  commands: [
    {
      id: 'import-export.export',
      title: 'Export configuration',
      section: 'Import/Export',
      keywords: ['backup', 'save', 'download', 'config', 'settings'],
      run: async (ctx) => {
        if (hasDom()) (await configFiles.load()).downloadConfig(ctx);
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
  panels: [
    { kind: 'settings-tab', id: 'tab.import-export', title: 'Import/Export', component: ImportExport },
    {
      kind: 'dialog',
      id: ADOPT_DIALOG,
      title: 'Your VoidVerified configuration',
      onClose: () => answer(false),
      component: AdoptionQuestionDialog,
    },
  ],
  injections: [
    {
      // Once per page load, until the offer is settled: nothing to do afterwards.
      id: 'adopt-original',
      selector: 'body',
      single: true,
      when: (ctx) => ctx.store.get(adoptionKey) === null,
      mount: (_body, ctx) => {
        void offerOnce(ctx);
      },
    },
  ],
};
