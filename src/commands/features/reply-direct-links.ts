import { activityReplyIds } from '../../data/activities';
import { activityPage } from '../../data/pages';
import { isPlainClick, replyPath } from '../../data/paths';
import { REPLY_DIRECT_LINKS_TEXTS, replyUrl } from '../../data/reply-direct-links';
import { onAbort } from '../../inject/lifetime';
import { hostActivityId, hostReplyId } from '../../inject/host-replies';
import { hostComponentId } from '../../inject/page-world';
import { styleWhileRunning } from '../../inject/styles';
import type { CommandContext, FeatureDef, InjectionContext } from '../types';

const LINK_CLASS = 'void-reply-direct-link';
const SVG = 'http://www.w3.org/2000/svg';

/** The host reply an element is in, and the path to it; null outside one or where its ids are out of reach. */
function replyLink(element: Element | null, path: string): { reply: Element; path: string } | null {
  const reply = element?.closest('.activity-entry .reply:not(.preview)');
  if (!reply) return null;
  const replyId = hostComponentId(reply);
  const activityId = hostActivityId(reply, path);
  return replyId !== null && activityId !== null ? { reply, path: replyPath(activityId, replyId) } : null;
}

/** A link glyph's strokes (24×24). */
const LINK_ICON = ['M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5', 'M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5'];

/** A link glyph, drawn with the DOM (no markup from strings). */
function linkIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '14');
  svg.setAttribute('height', '14');
  svg.setAttribute('aria-hidden', 'true');
  for (const d of LINK_ICON) {
    const line = document.createElementNS(SVG, 'path');
    line.setAttribute('d', d);
    line.setAttribute('fill', 'none');
    line.setAttribute('stroke', 'currentColor');
    line.setAttribute('stroke-width', '2');
    line.setAttribute('stroke-linecap', 'round');
    svg.append(line);
  }
  return svg;
}

/** The link icon in a reply's actions, before its likes, as 2.0.3 places it (its class names kept for users' CSS). */
function placeLink(reply: Element, path: string, ctx: InjectionContext): void {
  const actions = reply.querySelector('.header .actions') ?? reply.querySelector('.actions');
  if (!actions || ctx.signal.aborted) return;
  const link = document.createElement('a');
  link.className = `void-has-icon ${LINK_CLASS}`;
  link.href = path;
  link.setAttribute('aria-label', REPLY_DIRECT_LINKS_TEXTS.label);
  link.title = REPLY_DIRECT_LINKS_TEXTS.label;
  link.append(linkIcon());
  // A plain click moves in place through the host's router; other clicks are the browser's (a new tab).
  link.addEventListener(
    'click',
    (event) => {
      if (!event.isTrusted || !isPlainClick(event)) return;
      event.preventDefault();
      ctx.route.navigate(path);
    },
    { signal: ctx.signal },
  );
  actions.insertBefore(link, actions.querySelector(':scope > .action.likes, :scope > .like-wrap'));
  const untrack = ctx.track(link);
  onAbort(ctx, () => {
    untrack();
    link.remove();
  });
}

/**
 * Links a reply: its ids from the host's Vue objects; where those are out of reach, on an
 * activity's page, from the activity's replies as the API lists them (one read for all of them).
 */
function mountLink(reply: Element, ctx: InjectionContext): undefined {
  const known = replyLink(reply, ctx.path);
  if (known) return void placeLink(reply, known.path, ctx);
  const activityId = activityPage(ctx.path);
  if (activityId === null) return;
  void hostReplyId(reply, () => activityReplyIds(ctx, activityId, ctx.signal)).then(
    (replyId) => replyId !== null && placeLink(reply, replyPath(activityId, replyId), ctx),
    () => undefined,
  );
}

/** Copies the link of the reply that has focus (or holds it), saying how it went. */
function copyLink(ctx: CommandContext): void {
  const target = replyLink(ctx.focused, ctx.path);
  if (!target) return;
  // Through a promise, so a missing clipboard API (an insecure page) is a failure, not a throw.
  Promise.resolve()
    .then(() => navigator.clipboard.writeText(replyUrl(target.path)))
    .then(
      () => ctx.toasts.success(REPLY_DIRECT_LINKS_TEXTS.copied),
      () => ctx.toasts.error(REPLY_DIRECT_LINKS_TEXTS.copyFailed),
    );
}

/**
 * Direct links to replies (2.0.3's C5, off by default): a link icon in every reply's actions, to
 * the reply on its activity's page (`?void-reply-id=`, which Scroll to reply opens at the reply),
 * also on our own reply cards; and from the keyboard, 'Copy link to this reply' on the reply that has focus.
 */
export const replyDirectLinks: FeatureDef = {
  id: 'reply-direct-links',
  title: 'Direct links to replies',
  category: 'activity',
  description: 'Add direct links to replies.',
  toggle: 'replyDirectLinksEnabled',
  options: [{ key: 'replyDirectLinksEnabled', default: false }],
  commands: [
    {
      id: 'reply-direct-links.copy',
      title: 'Copy link to this reply',
      section: 'Activity',
      keywords: ['direct link', 'share', 'reply', 'url'],
      when: (ctx) => replyLink(ctx.focused, ctx.path) !== null,
      relevant: () => true,
      run: copyLink,
    },
  ],
  // The same link on our own reply cards (activity search, the messages feed), first in their actions.
  replyActions: [{ id: 'reply-direct-links.card', label: REPLY_DIRECT_LINKS_TEXTS.label, icon: LINK_ICON, path: replyPath }],
  page: [
    {
      id: 'reply-direct-links.style',
      run: styleWhileRunning(
        'reply-direct-links-style',
        `.reply .${LINK_CLASS} { display: inline-flex; align-items: center; color: inherit; opacity: 0.75; } .reply .${LINK_CLASS}:hover, .reply .${LINK_CLASS}:focus-visible { opacity: 1; }`,
      ),
    },
  ],
  injections: [
    {
      id: 'reply-direct-links.icon',
      selector: '.activity-entry .reply:not(.preview)',
      optional: true,
      // A reply element reused for another reply links to that one.
      key: (reply) => String(hostComponentId(reply)),
      mount: mountLink,
    },
  ],
};
