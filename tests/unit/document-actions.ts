/**
 * The user actions documents 1 and 2 name (/work/shared/spec/000_*.txt and 001_*.txt, the original
 * at 1.21), each with the palette command that does it (issue 31: "drive everything from the
 * palette"). Each markdown hotkey is one action. An action is a command only if a palette row runs
 * it, or opens the palette page or mode where it is done (the toasts' level is set on the 'Configure
 * Toasts' page): a page button reached by Tab, a tab of the settings page or a control under an
 * editor is not, and its row says what reaches it instead.
 * tests/unit/document-actions.test.ts holds the registry to this table and prints the coverage.
 *
 * `where`: the document and section that name it ('1 §2.4': document 1, section 2, screen 4).
 * `command`: the command id, or null with `why`.
 */

export interface DocumentAction {
  /** The action, in the documents' words. */
  readonly action: string;
  readonly where: string;
  readonly command: string | null;
  /** Why no palette row does it, and what reaches it instead. */
  readonly why?: string;
}

const TAB = 'reached by Tab on the page, no command';

/** A markdown hotkey: its command is a palette row while an editor has focus, aimed at that editor. */
const mark = (name: string, id: string): DocumentAction => ({
  action: `Markdown hotkey: ${name}`,
  where: '2 §9 (Markdown shortcuts), 2 §2.2',
  command: `markdown.${id}`,
});

export const DOCUMENT_ACTIONS: readonly DocumentAction[] = [
  // Document 1: settings page and its tabs.
  { action: 'Open the settings page (Settings > Developer)', where: '1 §2.1', command: 'settings.open' },
  {
    action: 'Choose a settings category tab (all, users, paste, activity, misc)',
    where: '1 §2.1, 2 §2.6',
    command: null,
    why: 'tabs of the settings page, reached by Tab; each option is its own command (settings.option.*)',
  },
  { action: "'View Changelog' in the settings header", where: '1 §2.1', command: 'changelog.open' },
  { action: 'Switch an on/off option of the settings catalogue', where: '1 §3, 1 §9', command: 'settings.option.highlightEnabled' },
  {
    action: 'Set a text, number or colour option (default sign, highlight size, default highlight colour, pasted image width)',
    where: '1 §3, 1 §9',
    command: 'settings.option.defaultSign',
  },
  { action: 'Add a verified user with the user search', where: '1 §2.2, 1 §4', command: 'verified-users.add' },
  { action: 'Remove a verified user', where: '1 §4', command: 'verified-users.remove' },
  { action: "Set a verified user's sign", where: '1 §3, 1 §4', command: 'verified-users.options.akira' },
  { action: "Set a verified user's colour override", where: '1 §3, 1 §4', command: 'verified-users.options.akira' },
  { action: "Switch a verified user's 'copy colour from profile'", where: '1 §3', command: 'verified-users.options.akira' },
  { action: "Switch a verified user's sign on the username", where: '1 §3', command: 'verified-users.options.akira' },
  { action: "Switch a verified user's activity highlight", where: '1 §3', command: 'verified-users.options.akira' },
  { action: "Switch a verified user's reply highlight", where: '1 §3', command: 'verified-users.options.akira' },
  { action: "Switch a verified user's coloured activity links", where: '1 §3', command: 'verified-users.options.akira' },
  { action: "Switch a verified user's coloured reply links", where: '1 §3', command: 'verified-users.options.akira' },
  { action: "Switch a verified user's Quick Access", where: '1 §3', command: 'verified-users.options.akira' },
  { action: "Switch a verified user's Quick Access badge", where: '1 §3', command: 'verified-users.options.akira' },
  { action: "Refresh the verified users' data by hand", where: '1 §4', command: 'verified-users.refresh' },
  { action: 'Authenticate (authorize the product with an access token)', where: '1 §2.3, 1 §7', command: 'authorization.authorize' },
  { action: 'Revoke the token', where: '1 §2.3, 2 §6', command: 'authorization.revoke' },
  { action: 'Select the image host (imgbb, imgur, catbox)', where: '1 §2.4', command: 'paste.image-host' },
  { action: 'Enter the imgbb API key', where: '1 §2.4', command: 'paste.image-host' },
  { action: "Enter imgur's Client ID and Client Secret", where: '1 §2.4', command: 'paste.image-host' },
  { action: 'Authorize imgur', where: '1 §2.4', command: 'paste.image-host' },
  { action: "Clear imgur's authorization", where: '1 §2.4', command: 'paste.image-host' },
  { action: 'Enter the catbox user hash', where: '1 §2.4', command: 'paste.image-host' },
  { action: 'Configure toasts: level, location, duration', where: '1 §2.5', command: 'toasts.configure' },
  { action: "'Test Toasts'", where: '1 §2.5', command: 'toasts.configure' },
  { action: 'Choose the date format and the 12-hour clock', where: '1 §2.6', command: 'time.configure' },
  { action: 'Edit the global CSS', where: '1 §2.7, 1 §4', command: 'global-css.edit' },
  { action: 'Enable or disable the global CSS', where: '1 §4', command: 'settings.option.globalCssEnabled' },
  { action: 'Add a goal (type, name, target, start and end)', where: '1 §2.8, 1 §4', command: 'goals.edit' },
  { action: 'Save the goals to the bio', where: '1 §4', command: 'goals.edit' },
  { action: "'Fetch current' goals from the bio", where: '1 §4', command: 'goals.edit' },
  {
    action: 'Configure the mini profile (favourites, position, tags, bio, anime, manga, characters, staff)',
    where: '1 §2.9, 1 §3',
    command: 'mini-profile.configure',
  },
  {
    action: "Show a user's mini profile card",
    where: '1 §2.9, 1 §4',
    command: null,
    why: 'shown on hover, or on focus of a user link reached by Tab; no command',
  },
  { action: 'Export the configuration', where: '1 §2.10', command: 'import-export.export' },
  { action: 'Import a configuration file', where: '1 §2.10, 1 §4', command: 'import-export.import' },
  { action: "Switch a feature on from the changelog's checkbox", where: '1 §2.11', command: 'changelog.open' },
  { action: "Open a Quick Access user's profile", where: '1 §2.12', command: 'quick-access.user.akira' },
  { action: 'Refresh Quick Access by hand', where: '1 §4', command: 'quick-access.refresh' },
  {
    action: 'Collapse or expand a collapsible container',
    where: '1 §2.13, 1 §4',
    command: null,
    why: 'a container header (quick-access notifications, settings sections), reached by Tab, no command',
  },
  {
    action: "Post a message to yourself (the self-message button on one's own profile)",
    where: '1 §2, 1 §8',
    command: 'self-message.open',
  },
  {
    action: 'Preview an image link on hover',
    where: '1 §4, 1 §5',
    command: null,
    why: 'shown on keyboard focus of the link too (Tab), like the mini profile; Escape hides it; no command',
  },
  // Document 1 §2: the host pages the product links to.
  { action: 'Go to the home page', where: '1 §2', command: 'anilist-links.home' },
  { action: 'Go to the notifications', where: '1 §2', command: 'anilist-links.notifications' },
  { action: 'Go to your profile and its Favorites, Social, Reviews, submissions', where: '1 §2', command: 'anilist-links.profile' },
  {
    action: 'Go to your anime or manga stats (overview, genres, tags, studios, staff)',
    where: '1 §2',
    command: 'anilist-links.stats-anime-overview',
  },
  { action: 'Go to your anime list by status', where: '1 §2', command: 'anilist-links.animelist-watching' },
  { action: 'Go to your manga list by status', where: '1 §2', command: 'anilist-links.mangalist-reading' },
  { action: 'Go to a settings page (account, media, lists, notifications)', where: '1 §2', command: 'anilist-links.settings-account' },
  { action: 'Go to search: anime, manga, staff, characters', where: '1 §2', command: 'anilist-links.search-anime' },
  { action: 'Go to top 100, trending, top movies, top manhwa', where: '1 §2', command: 'anilist-links.anime-top-100' },
  { action: 'Go to reviews or recommendations', where: '1 §2', command: 'anilist-links.reviews' },
  { action: 'Go to the forum (overview, recent, new, subscribed, search)', where: '1 §2', command: 'anilist-links.forum-overview' },
  { action: 'Go to apps, site stats, moderators, terms', where: '1 §2', command: 'anilist-links.apps' },

  // Document 2: search boxes.
  { action: 'Search media and open one', where: '2 §2.1, 2 §4', command: 'search.media' },
  { action: 'Search users and open one', where: '2 §2.1, 2 §4', command: 'search.user' },

  // Document 2: the markdown editor and its hotkeys.
  mark('bold', 'bold'),
  mark('italic', 'italic'),
  mark('strikethrough', 'strikethrough'),
  mark('spoiler', 'spoiler'),
  mark('center', 'center'),
  mark('code', 'code'),
  mark('code block', 'code-block'),
  mark('quote', 'quote'),
  mark('header', 'header'),
  mark('unordered list', 'unordered-list'),
  mark('ordered list', 'ordered-list'),
  mark('YouTube', 'youtube'),
  mark('WebM', 'webm'),
  mark('link', 'link'),
  mark('image', 'image'),
  { action: "Preview the editor's markdown", where: '2 §2.2, 2 §4', command: 'markdown.exact-preview' },
  {
    action: 'Cancel an editor (hides it and clears the text)',
    where: '2 §2.2, 2 §4',
    command: null,
    why: `the editor's Cancel button, ${TAB}`,
  },
  { action: "Publish an editor's text", where: '2 §2.2, 2 §4', command: null, why: `the editor's Publish button, ${TAB}` },
  {
    action: 'Upload a pasted or dropped image to the image host',
    where: '2 §1, 2 §5, 1 §7',
    command: 'markdown-taskbar.upload',
  },

  // Document 2: activity entries.
  { action: 'Subscribe to or unsubscribe from an activity', where: '2 §2.3, 2 §4', command: 'activity-card.subscribe' },
  { action: 'Like an activity', where: '2 §2.3, 2 §4', command: 'activity-card.like' },
  { action: 'Like a reply', where: '2 §3, 2 §4', command: 'activity-card.like' },
  { action: 'See who liked (the list of likers)', where: '2 §2.3', command: 'activity-card.likers' },
  { action: "Open or close an activity's replies", where: '2 §2.3, 2 §4', command: 'activity-card.replies' },
  { action: 'Load more replies', where: '2 §2.3, 2 §4', command: 'activity-card.load-more' },
  { action: 'Reply to an activity', where: '2 §4, 2 §5', command: 'activity-card.reply' },
  { action: "Open an activity's Direct Link", where: '2 §2.3', command: 'activity-card.link' },
  { action: 'Edit an activity or a reply', where: '2 §2.3, 2 §4', command: 'activity-card.edit' },
  { action: 'Delete an activity or a reply (with a confirm)', where: '2 §2.3, 2 §4', command: 'activity-card.delete' },
  { action: 'Collapse or expand a reply', where: '2 §4 (Replies collapse)', command: 'collapsible-replies.toggle-reply' },

  // Document 2: QuickStart and the activity search.
  {
    action: 'Open QuickStart (ctrl+space, or the navigation button)',
    where: '2 §2.5, 2 §4',
    command: 'quickstart.open',
  },
  {
    action: 'Switch the QuickStart mode (the hotkey again, or the mode select)',
    where: '2 §2.5, 2 §4',
    command: 'quickstart.open',
  },
  { action: 'Close QuickStart', where: '2 §2.5, 2 §4', command: null, why: 'Escape, the close icon or the backdrop: no command' },
  { action: "Open 'QuickStart Configuration' (the cog)", where: '2 §2.5', command: 'quickstart.configure' },
  {
    action:
      'Configure QuickStart (navigation buttons, users, notifications, unread only, all results on empty, AniList links, settings, preserve the activity search)',
    where: '2 §3',
    command: 'quickstart.configure',
  },
  { action: 'Open a notification from the Dashboard', where: '2 §2.5', command: 'notifications.item.7' },
  { action: 'Search activities (mode List, Text or Message)', where: '2 §2.5, 2 §4', command: 'activity-search.open' },
  {
    action: 'Activity search: choose the feed (Following, Global) and the sort (Newest, Oldest)',
    where: '2 §4',
    command: 'activity-search.open',
  },
  { action: 'Activity search: set the results per page (1 to 50)', where: '2 §5', command: 'activity-search.open' },
  { action: 'Activity search: pick users, media, messengers or recipients', where: '2 §4, 2 §7', command: 'activity-search.open' },
  {
    action: "Activity search: 'Select All' in a user picker",
    where: '2 §5',
    command: null,
    why: "a button of Activity search's user picker, reached by Tab from its field (it stays while the picker has focus), no command",
  },
  { action: 'Activity search: set a date range (after, before)', where: '2 §5, 2 §7', command: 'activity-search.open' },
  { action: 'Activity search: only activities with replies', where: '2 §7', command: 'activity-search.open' },
  { action: 'Activity search: Load More', where: '2 §4', command: 'activity-search.open' },
  { action: 'Activity search: Clear Feed', where: '2 §4', command: 'activity-search.open' },
  { action: 'Activity search: filter the loaded activities', where: '2 §4', command: 'activity-search.open' },

  // Document 2: the layout designer.
  { action: 'Select a layout', where: '2 §2.7', command: 'layout-designer.switch' },
  { action: 'Add a layout', where: '2 §2.7', command: 'layout-designer.edit' },
  { action: 'Name a layout', where: '2 §2.7', command: 'layout-designer.edit' },
  { action: 'Delete a layout (with a confirm)', where: '2 §2.7, 2 §4', command: 'layout-designer.edit' },
  { action: "Set the layout's avatar image", where: '2 §2.7', command: 'layout-designer.edit' },
  { action: "Set the layout's banner image", where: '2 §2.7', command: 'layout-designer.edit' },
  { action: "Choose the layout's colour (swatches or custom picker)", where: '2 §2.7', command: 'layout-designer.edit' },
  { action: "Set the layout's donator badge", where: '2 §2.7', command: 'layout-designer.edit' },
  { action: "Edit the layout's about text", where: '2 §2.7', command: 'layout-designer.edit' },
  { action: 'Reset About (with a confirm)', where: '2 §2.7, 2 §5', command: 'layout-designer.edit' },
  { action: 'Publish About, colour and donator badge', where: '2 §2.7, 2 §5', command: 'layout-designer.publish' },
  { action: 'Enable or disable the preview', where: '2 §2.7, 2 §4', command: 'layout-designer.preview' },
  { action: "Enable or disable the profile's CSS while previewing", where: '2 §2.7, 2 §4', command: 'layout-designer.edit' },

  // Document 2: the GIF keyboard.
  { action: 'Open the GIF keyboard of an editor', where: '2 §2.8', command: 'gif-keyboard.open' },
  { action: 'Switch between the GIFS and Images tabs', where: '2 §2.8', command: 'gif-keyboard.open' },
  { action: 'Insert a saved GIF or image into the editor', where: '2 §2.8', command: 'gif-keyboard.open' },
  { action: "Page through the keyboard's media", where: '1 §2.13, 2 §2.8', command: 'gif-keyboard.open' },
  {
    action: "Change the keyboard's media size (slider)",
    where: '2 §2.8',
    command: null,
    why: 'the slider under the editor, reached by Tab, no command',
  },
  {
    action: 'Add media to the keyboard by URL',
    where: '2 §2.8, 2 §5',
    command: null,
    why: 'the field under the editor, reached by Tab, no command',
  },
  {
    action: 'Save a posted GIF or image with its like button',
    where: '1 §9, 2 §2.8',
    command: 'gif-keyboard.save',
  },

  // Document 2: shortcuts.
  { action: 'Remap a hotkey in the shortcuts panel', where: '2 §2.9', command: 'shortcuts.open' },
  { action: 'Reset the mappings (with a confirm)', where: '2 §2.9, 2 §5', command: 'shortcuts.open' },

  // Document 2: quick-access notifications and the notifications feed.
  { action: 'Collapse or expand the quick-access notifications', where: '2 §2.10', command: null, why: `its header, ${TAB}` },
  { action: 'Mark all notifications as read (quick access)', where: '2 §2.10', command: 'notifications.mark-all-read' },
  {
    action: "Open the quick-access notifications' settings (the cog)",
    where: '2 §2.10',
    command: null,
    why: `the cog on the home page, ${TAB}`,
  },
  { action: 'Mark all as read (the notifications feed)', where: '2 §4', command: 'notifications.mark-all-read' },
  { action: 'Toggle a notification read or unread', where: '2 §4', command: null, why: `a click on the notification, ${TAB}` },
  { action: "Open a notification's link (marks it read)", where: '2 §4', command: 'notifications.item.7' },
  { action: 'Notifications filter: custom', where: '2 §4', command: 'notifications.filter-custom' },
  { action: 'Notifications filter: all', where: '2 §4', command: 'notifications.filter-all' },
  { action: 'Notifications filter: airing', where: '2 §4', command: 'notifications.filter-airing' },
  { action: 'Notifications filter: activity', where: '2 §4', command: 'notifications.filter-activity' },
  { action: 'Notifications filter: forum', where: '2 §4', command: 'notifications.filter-forum' },
  { action: 'Notifications filter: follows', where: '2 §4', command: 'notifications.filter-follows' },
  { action: 'Notifications filter: likes', where: '2 §4', command: 'notifications.filter-likes' },
  { action: 'Notifications filter: media', where: '2 §4', command: 'notifications.filter-media' },
  { action: 'Filter the notifications by text (fuzzy)', where: '2 §5', command: 'notifications.filter-text' },
  {
    action: "Configure the notifications feed (grouping, activity relations, types, the host's dot)",
    where: '2 §3',
    command: null,
    why: "the feed's settings on /notifications, reached by Tab, no command",
  },
  { action: 'Refresh the notifications (reset the count)', where: '1 §7, 2 §7', command: 'notifications.reset-count' },

  // Document 2: the messages feed and the reply panel.
  {
    action: 'Show the Messages feed (the Messages choice in the home feed dropdown)',
    where: '2 §2.11',
    command: 'messages-feed.show',
  },
  { action: 'Load more messages', where: '2 §2.11', command: 'messages-feed.load-more' },
  { action: 'Open or close the reply panel (Reply with list update)', where: '2 §2.12, 2 §4', command: 'reply-update.open' },
  { action: 'Reply panel: search the media', where: '2 §2.12', command: 'reply-update.open' },
  { action: 'Reply panel: choose the status', where: '2 §2.12, 2 §4', command: 'reply-update.open' },
  { action: 'Reply panel: set the progress', where: '2 §2.12, 2 §5', command: 'reply-update.open' },
  { action: 'Reply panel: Reply (update the list entry and reply)', where: '2 §2.12, 2 §5', command: 'reply-update.open' },
];
