import type { FeatureDef } from '../types';
import { activitySearchFeature } from './activity-search';
import { activityTouches } from './activity-touches';
import { anilistLinks } from './anilist-links';
import { authorization } from './authorization';
import { changelog } from './changelog';
import { gifKeyboard } from './gif-keyboard';
import { globalCss } from './global-css';
import { goals } from './goals';
import { health } from './health';
import { importExport } from './import-export';
import { layoutDesigner } from './layout-designer';
import { markdown } from './markdown';
import { messagesFeed } from './messages-feed';
import { miniProfile } from './mini-profile';
import { notifications } from './notifications';
import { paste } from './paste';
import { quickAccess } from './quick-access';
import { quickstart } from './quickstart';
import { replyUpdate } from './reply-update';
import { search } from './search';
import { settings } from './settings';
import { shortcuts } from './shortcuts';
import { time } from './time';
import { toasts } from './toasts';
import { verifiedUsers } from './verified-users';

/**
 * Every feature, one file each. Adding a feature means adding its file and one line here. The
 * order is the order of the settings page's sub-tabs (users, authorization, image host, layout,
 * global CSS, goals, toasts, mini profile, quickStart, Import/Export, time) and of its options;
 * the Dashboard's sections follow it too (quick access users, then notifications).
 */
export const features: FeatureDef[] = [
  verifiedUsers,
  quickAccess,
  notifications,
  authorization,
  paste,
  gifKeyboard,
  markdown,
  activityTouches,
  messagesFeed,
  replyUpdate,
  layoutDesigner,
  globalCss,
  goals,
  toasts,
  miniProfile,
  quickstart,
  importExport,
  time,
  changelog,
  anilistLinks,
  settings,
  search,
  activitySearchFeature,
  shortcuts,
  health,
];
