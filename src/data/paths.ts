/**
 * The paths of AniList's pages, built in one place: every link and navigation of ours to a
 * profile, a media page, an activity, a staff or a character page uses these. No DOM.
 */

/** A user's profile: `/user/{name}/` (the name encoded). */
export const userPath = (name: string): string => `/user/${encodeURIComponent(name)}/`;

/** An anime or manga page: `/anime/{id}/` or `/manga/{id}/` (anime when the type is unknown). */
export const mediaPath = (media: { id: number; type?: string | null }): string => `/${(media.type ?? 'anime').toLowerCase()}/${media.id}/`;

/** An activity's own page: `/activity/{id}`. */
export const activityPath = (id: number): string => `/activity/${id}`;

/**
 * A reply on its activity's page: `/activity/{activityId}?void-reply-id={replyId}`, the link
 * VoidVerified 2.0.3 writes (its users share these), which opens scrolled to the reply.
 */
export const replyPath = (activityId: number, replyId: number): string => `/activity/${activityId}?void-reply-id=${replyId}`;

/** A staff member's page: `/staff/{id}/`. */
export const staffPath = (id: number): string => `/staff/${id}/`;

/** A character's page: `/character/{id}/`. */
export const characterPath = (id: number): string => `/character/${id}/`;

/** A forum thread: `/forum/thread/{id}/`. */
export const threadPath = (id: number): string => `/forum/thread/${id}/`;

/** A comment in a forum thread: `/forum/thread/{id}/comment/{commentId}`. */
export const threadCommentPath = (threadId: number, commentId: number): string => `/forum/thread/${threadId}/comment/${commentId}`;

/**
 * A click we may turn into an in-app navigation: the main button without Ctrl, Cmd, Shift or Alt.
 * Every other click is the browser's (a new tab, a new window, a download).
 */
export const isPlainClick = (event: { button: number; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }): boolean =>
  event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
