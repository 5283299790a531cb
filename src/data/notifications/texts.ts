/** What the notifications feature says, as the spec words it (the feed, Quick Access's list, the unread count, the commands). */
export const NOTIFICATIONS_TEXTS = {
  allRead: 'All notifications marked as read.',
  countReset: 'Notifications count reset.',
  resetFailed: 'There was an error resetting notification count.',
  unreadFailed: 'There was an error querying unread notifications',
  relationsFailed: 'Failed to get activity notification relations.',
  feedFailed: 'There was an error querying notification feed.',
  quickAccessFailed: 'There was an error querying quick access notifications.',
  readSync:
    "Notifications you read on AniList on another device show as read here too, from AniList's own unread count (no other server). One you mark unread here stays unread. While this is on, loading notifications leaves AniList's count alone; Mark all as read resets it.",
} as const;
