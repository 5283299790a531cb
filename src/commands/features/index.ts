import type { FeatureDef } from '../types';
import { activityCard } from './activity-card';
import { activitySearchFeature } from './activity-search';
import { anilistLinks } from './anilist-links';
import { apiBackoff } from './api-backoff';
import { authorization } from './authorization';
import { changelog } from './changelog';
import { collapsibleReplies } from './collapsible-replies';
import { scrollToReply } from './scroll-to-reply';
import { replyDirectLinks } from './reply-direct-links';
import { replyTo } from './reply-to';
import { gifKeyboard } from './gif-keyboard';
import { globalCss } from './global-css';
import { goals } from './goals';
import { imagePreview } from './image-preview';
import { inProgress } from './in-progress';
import { health } from './health';
import { importExport } from './import-export';
import { layoutDesigner } from './layout-designer';
import { likeCounts } from './like-counts';
import { listFeedMessages } from './list-feed-messages';
import { markdown } from './markdown';
import { markdownDrafts } from './markdown-drafts';
import { markdownTaskbar } from './markdown-taskbar';
import { messagesFeed } from './messages-feed';
import { miniMedia } from './mini-media';
import { miniProfile } from './mini-profile';
import { notifications } from './notifications';
import { paste } from './paste';
import { quickAccess } from './quick-access';
import { quickstart } from './quickstart';
import { replyUpdate } from './reply-update';
import { sameTabLinks } from './same-tab-links';
import { search } from './search';
import { selfMessage } from './self-message';
import { settings } from './settings';
import { shortcuts } from './shortcuts';
import { subscribeButtons } from './subscribe-buttons';
import { time } from './time';
import { timestampTooltips } from './timestamp-tooltips';
import { toasts } from './toasts';
import { verifiedUsers } from './verified-users';
import { videoLinks } from './video-links';

/**
 * Every feature, one file each. Adding a feature means adding its file and one line here. The
 * order is the order of the settings page's sub-tabs (users, authorization, image host, layout,
 * global CSS, goals, toasts, mini profile, mini media, quickStart, Import/Export, time) and of its options;
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
  markdownTaskbar,
  markdownDrafts,
  // The small activity behaviours, in the order the settings page has always listed their options.
  subscribeButtons,
  likeCounts,
  collapsibleReplies,
  imagePreview,
  listFeedMessages,
  selfMessage,
  sameTabLinks,
  timestampTooltips,
  // 2.0.3's reply and video options, after the behaviours that were one feature.
  scrollToReply,
  replyDirectLinks,
  replyTo,
  videoLinks,
  messagesFeed,
  replyUpdate,
  layoutDesigner,
  globalCss,
  goals,
  inProgress,
  toasts,
  miniProfile,
  miniMedia,
  quickstart,
  importExport,
  time,
  apiBackoff,
  changelog,
  anilistLinks,
  settings,
  search,
  activitySearchFeature,
  activityCard,
  shortcuts,
  health,
];
