import { PLAY_VIDEO_TEXT, VIDEO_LINK_CLASS, videoLinkHref, videosAsLinks } from '../../data/rendered-videos';
import { onAbort } from '../../inject/lifetime';
import { styleWhileRunning } from '../../inject/styles';
import type { FeatureDef } from '../types';
import styles from '../../panels/video-links/video-links.css';

/** A video of the host's markdown becomes a "Play Video" link to its first source's file (a later source of the same video does nothing). */
function replaceVideo(source: Element): undefined {
  const video = source.parentElement;
  if (!(video instanceof HTMLVideoElement) || !(source instanceof HTMLSourceElement) || video.querySelector('source') !== source) return;
  // The resolved address, as 2.0.3 links it.
  const href = videoLinkHref(source.src);
  if (href === null) return;
  const link = document.createElement('a');
  link.className = VIDEO_LINK_CLASS;
  link.href = href;
  link.textContent = PLAY_VIDEO_TEXT;
  video.replaceWith(link);
}

/**
 * Videos as links (2.0.3's C1): every video in rendered markdown is a full-width "Play Video" link
 * to the file instead, for phones that cannot play them inline. The host's markdown by an
 * injection; what we draw (activities in our panels, previews, bios) by the sanitizer, which
 * writes the link in the video's place while this is on. Switching it off brings the host's videos
 * back on its next render, ours on theirs.
 */
export const videoLinks: FeatureDef = {
  id: 'video-links',
  styles,
  title: 'Videos as links',
  category: 'misc',
  description: 'Replace videos with video links (mobile fix).',
  toggle: 'replaceVideosWithLinksEnabled',
  options: [{ key: 'replaceVideosWithLinksEnabled', default: false }],
  page: [
    {
      id: 'video-links',
      run: (ctx) => {
        videosAsLinks.set(true);
        onAbort(ctx, () => videosAsLinks.set(false));
        styleWhileRunning('video-links', styles)(ctx);
      },
    },
  ],
  injections: [{ id: 'video-links-host', selector: '.markdown video source', optional: true, mount: replaceVideo }],
};
