import { isHome } from '../../data/pages';
import { replaceRange } from '../../inject/editor-text';
import { mountUi } from '../../panels/mount';
import type { FeatureDef, InjectionContext } from '../types';
import { lazyComponent } from '../lazy';
import { childLifetime, onAbort } from '../../inject/lifetime';
import styles from '../../panels/reply-update/reply-update.css';
import { SmallButton } from '../../panels/common/SmallButton';

const ReplyUpdatePanel = lazyComponent(() => import('../../panels/reply-update/ReplyUpdatePanel'), 'ReplyUpdatePanel');

/**
 * Reply with list update on /home: a toggle in the composer's toolbar opens a panel (above the
 * composer's input) that updates a list entry and replies to the activity it creates with what
 * the composer holds. The places are the original's, proven on the real site: the composer's
 * `.actions` row may not exist until the editor is active, and its toolbar shows once focused.
 */

/** The home composer's text and its clearing, while it is on the page: the palette's panel replies with them. */
let composer: { text(): string; clear(): void } | null = null;

function mountToggle(editor: Element, ctx: InjectionContext): undefined {
  const textarea = () => editor.querySelector<HTMLTextAreaElement>('textarea');
  const toolbar = () => editor.querySelector(':scope > .markdown-editor');
  const input = () => editor.querySelector(':scope > .input');
  const mine = (composer = {
    text: () => textarea()?.value ?? '',
    clear: () => {
      const field = textarea();
      if (field) replaceRange(field, 0, field.value.length, '');
    },
  });
  onAbort(ctx, () => composer === mine && (composer = null));
  /** The open panel's lifetime. */
  let panel: AbortController | null = null;
  const close = () => {
    panel?.abort();
    panel = null;
  };
  const toggle = () => {
    if (panel) return close();
    panel = childLifetime(ctx);
    mountUi(
      { ...ctx, signal: panel.signal },
      'reply-update',
      (host) => {
        const before = input();
        if (before) before.before(host);
        else editor.prepend(host);
      },
      <ReplyUpdatePanel ctx={ctx} {...mine} />,
    );
  };
  onAbort(ctx, close);
  mountUi(
    ctx,
    'reply-update-toggle',
    (host) => {
      const bar = toolbar();
      if (bar) bar.append(host);
      else editor.prepend(host);
    },
    <SmallButton onClick={toggle} aria-label="Reply with list update">
      List update
    </SmallButton>,
    'span',
  );
}

export const replyUpdate: FeatureDef = {
  id: 'reply-update',
  styles,
  title: 'Reply with list update',
  category: 'activity',
  description: 'Update a list entry and reply to the activity it creates, from the home composer.',
  options: [
    {
      key: 'replyActivityUpdate',
      title: 'Insta-reply with list update',
      description: 'Add insta-reply to activity update in the home feed.',
      default: false,
      authRequired: true,
    },
  ],
  toggle: 'replyActivityUpdate',
  commands: [
    {
      id: 'reply-update.open',
      title: 'Reply with list update',
      section: 'Activity',
      keywords: ['insta-reply', 'status', 'progress'],
      authRequired: true,
      actsAsYou: true,
      when: () => composer !== null,
      page: 'reply-update.panel',
    },
  ],
  panels: [
    {
      // The composer's panel in the palette: it replies with what the composer holds, then closes.
      kind: 'palette-page',
      id: 'reply-update.panel',
      title: 'Reply with list update',
      layout: 'form',
      component: ({ ctx, close }) =>
        composer && (
          <ReplyUpdatePanel
            ctx={ctx}
            text={composer.text}
            clear={() => {
              composer?.clear();
              close();
            }}
          />
        ),
    },
  ],
  injections: [
    {
      id: 'composer-toggle',
      route: isHome,
      selector: '.home > .activity-feed-wrap > .activity-edit',
      single: true,
      authRequired: true,
      // The host's composer posts as the site's account, our reply as the token's owner: locked while they differ.
      actsAsYou: true,
      mount: mountToggle,
    },
  ],
};
