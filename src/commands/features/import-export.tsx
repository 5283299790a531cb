import { useSyncExternalStore } from 'react';
import {
  adoptionKey,
  settleAdoption,
  type AdoptionOutcome,
  type AdoptionQuestion,
  type ImportDecision,
  type ImportSummary,
} from '../../data/config-io';
import { createStore } from '../../data/store';
import { chooseFile } from '../../inject/file-chooser';
import { lazyComponent, lazyModule } from '../lazy';
import type { AppServices, CommandContext, FeatureDef } from '../types';
import styles from '../../panels/import-export/import-export.css';

const ImportExport = lazyComponent(() => import('../../panels/import-export/ImportExport'), 'ImportExport');
const ImportReview = lazyComponent(() => import('../../panels/import-export/ImportExport'), 'ImportReview');
/** Export, import and the adoption's dependencies: evaluated when one of them is first used. */
const configFiles = lazyModule(() => import('../../panels/import-export/ImportExport'));
/** The first-run adoption, which asks and reports: evaluated when it is first offered. */
const importFlow = lazyModule(() => import('../../panels/import-export/import-flow'));

/**
 * Config Import/Export: the settings sub-tab, two palette commands, the import summary (nothing is
 * written before it is accepted) and a one-time offer to adopt the original VoidVerified's
 * configuration found in page localStorage, which shows the same summary in its question.
 */

const hasDom = () => typeof document !== 'undefined';

/** The import summary, as a dialog; the adoption question is the same summary under its question. */
const REVIEW_DIALOG = 'import-export.review';
const ADOPT_DIALOG = 'import-export.adopt';

interface Asked {
  /** Each summary is shown afresh: no tick carries over from one to the next. */
  id: number;
  summary: ImportSummary;
  /** Asked as the first-run adoption. */
  adoption?: { authorizeAgain: boolean };
  resolve(decision: ImportDecision | null): void;
}

/** The summary on screen; asking another answers the one before with Cancel. */
const asked = createStore<Asked | null>(null);
let askedCount = 0;

function answer(decision: ImportDecision | null): void {
  const current = asked.get();
  asked.set(null);
  current?.resolve(decision);
}

/** Shows a summary in its dialog; closing it (Escape, the backdrop, ×) cancels. */
function askReview(ctx: AppServices, summary: ImportSummary, adoption?: AdoptionQuestion): Promise<ImportDecision | null> {
  answer(null);
  return new Promise((resolve) => {
    asked.set({ id: ++askedCount, summary, resolve, ...(adoption ? { adoption: { authorizeAgain: adoption.authorizeAgain } } : {}) });
    ctx.dialogs.open(adoption ? ADOPT_DIALOG : REVIEW_DIALOG);
  });
}

const reviewIn = (ctx: AppServices) => (summary: ImportSummary) => askReview(ctx, summary);

function ReviewDialog({ ctx, close }: { ctx: CommandContext; close(): void }) {
  const current = useSyncExternalStore(asked.subscribe, asked.get);
  if (!current) return null;
  const choose = (decision: ImportDecision | null) => {
    answer(decision);
    close();
  };
  return <ImportReview key={current.id} ctx={ctx} summary={current.summary} adoption={current.adoption} onAnswer={choose} />;
}

/** Opens the browser's file chooser from a file input in our own shadow-root host, then imports the file. */
function chooseAndImport(ctx: AppServices): void {
  if (!hasDom()) return;
  chooseFile(
    'import-file',
    '.json,application/json',
    (file) => void configFiles.load().then((m) => m.importFile(ctx, file, reviewIn(ctx))),
  );
}

/** The first-run adoption offer, asked at most once per page load (the changelog waits for it). */
function offerOnce(ctx: AppServices): Promise<AdoptionOutcome | null> {
  return settleAdoption(ctx.store, () =>
    Promise.all([configFiles.load(), importFlow.load()]).then(([m, flow]) =>
      flow.offerAdoption({
        ...m.importDeps(ctx, reviewIn(ctx)),
        ask: (question) => askReview(ctx, question.summary, question),
        getItem: (key) => localStorage.getItem(key),
      }),
    ),
  );
}

export const importExport: FeatureDef = {
  id: 'import-export',
  styles,
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
    {
      kind: 'settings-tab',
      id: 'import-export.tab',
      title: 'Import/Export',
      component: ({ ctx }) => <ImportExport ctx={ctx} review={reviewIn(ctx)} />,
    },
    { kind: 'dialog', id: REVIEW_DIALOG, title: 'Import configuration', onClose: () => answer(null), component: ReviewDialog },
    { kind: 'dialog', id: ADOPT_DIALOG, title: 'Your VoidVerified configuration', onClose: () => answer(null), component: ReviewDialog },
  ],
  page: [
    {
      // Once per page load, until the offer is settled: nothing to do afterwards.
      id: 'adopt-original',
      when: (ctx) => ctx.store.get(adoptionKey) === null,
      reads: [adoptionKey],
      run: (ctx) => {
        void offerOnce(ctx);
      },
    },
  ],
};
