import { LATEST_VERSION, changelogSeenKey, shouldShowChangelog } from '../../data/changelog';
import { adoptionSettled } from '../../data/config-io';
import type { FeatureDef } from '../types';
import { lazyComponent } from '../lazy';
import styles from '../../panels/changelog/changelog.css';

const Changelog = lazyComponent(() => import('../../panels/changelog/Changelog'), 'Changelog');

/** The changelog dialog: shown once after an update (when enabled), and on demand. */

const DIALOG = 'changelog.dialog';

export const changelog: FeatureDef = {
  id: 'changelog',
  styles,
  title: 'Changelog',
  category: 'misc',
  description: 'What changed in each version, shown after an update.',
  options: [
    {
      key: 'changeLogEnabled',
      description: 'Show the changelog when a new version is installed.',
      default: true,
    },
  ],
  commands: [
    {
      id: 'changelog.open',
      title: 'View Changelog',
      section: 'VoidVerified Settings',
      keywords: ['changes', 'version', 'release notes', 'whats new'],
      run: (ctx) => ctx.dialogs.open(DIALOG),
    },
  ],
  panels: [
    {
      kind: 'dialog',
      id: DIALOG,
      title: `VoidVerified Changelog`,
      // Closing stores the newest version, so it is not shown again until the next one.
      onClose: (ctx) => ctx.store.set(changelogSeenKey, LATEST_VERSION),
      component: Changelog,
    },
  ],
  page: [
    {
      id: 'changelog-after-update',
      when: (ctx) => shouldShowChangelog(ctx.store.get(changelogSeenKey), ctx.settings.get('changeLogEnabled') === true),
      reads: [changelogSeenKey],
      // After the adoption question (one dialog at a time); not at all when the configuration was
      // just adopted, since the page reloads and shows it then.
      run: (ctx) => {
        void adoptionSettled(ctx.store).then((outcome) => {
          if (outcome !== 'adopted' && shouldShowChangelog(ctx.store.get(changelogSeenKey), ctx.settings.get('changeLogEnabled') === true))
            ctx.dialogs.open(DIALOG);
        });
      },
    },
  ],
};
