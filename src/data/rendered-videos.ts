import { safeUrl } from './guards';
import { createStore } from './store';

/**
 * How rendered markdown shows a video (`webm(…)`): as the host's player, or, while the video-links
 * feature is on (`replaceVideosWithLinksEnabled`, 2.0.3's C1), as a "Play Video" link to the file.
 * Shared by that feature (the host's markdown) and the one sanitizer (every HTML we draw). No DOM.
 */

export const PLAY_VIDEO_TEXT = 'Play Video';
/** The link's class, 2.0.3's: a user's global CSS written for the original styles ours too. */
export const VIDEO_LINK_CLASS = 'void-video-link';

/** On while the video-links feature is on: the sanitizer then writes links where the HTML has videos. */
export const videosAsLinks = createStore(false);

/** Where a video's link goes: its first source's address, when it is an http(s) or relative address; else null (the video stays). */
export function videoLinkHref(src: string | null | undefined): string | null {
  return safeUrl(src, 'source') ?? null;
}
