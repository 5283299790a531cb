import { attempt } from '../../data/api-errors';
import { IdentityMismatchError } from '../../data/identity';
import { isProfileOverview, ownProfile, profileName } from '../../data/pages';
import { publishToOwner, SELF_MESSAGE_TEXTS } from '../../data/self-message';
import { createStore } from '../../data/store';
import { REMOUNT } from '../../inject/injector';
import { mountUi } from '../../panels/mount';
import { lazyComponent } from '../lazy';
import type { CommandContext, FeatureDef } from '../types';
import { onAbort } from '../../inject/lifetime';
import styles from '../../panels/self-message/self-message.css';
import { activityPath, userPath } from '../../data/paths';

const SelfMessage = lazyComponent(() => import('../../panels/self-message/SelfMessage'), 'SelfMessage');

/**
 * The self message: on the viewer's own profile overview, a button opens a box that posts a
 * message to the viewer's own feed, then goes to the new activity. 'Message yourself…' in the
 * palette opens the box from any tab of the own profile. The site's signed-in account says which
 * profile is "your own"; the message goes to the token's owner as AniList reports them, and the
 * feature is locked while those two differ.
 */

/** The palette command that opens the box. */
const MESSAGE_SELF = 'self-message.open';

const selfMessageOpen = createStore(false);

async function publishSelfMessage(ctx: CommandContext, message: string): Promise<boolean> {
  ctx.toasts.debug(SELF_MESSAGE_TEXTS.publishing);
  const published = await attempt(
    ctx.toasts,
    {
      toast: (error) => (error instanceof IdentityMismatchError ? error.message : SELF_MESSAGE_TEXTS.failed),
      log: 'self-publishing a message failed',
    },
    () => publishToOwner(ctx, message, ctx.viewer),
  );
  if (!published.ok) return false;
  ctx.toasts.success(SELF_MESSAGE_TEXTS.published);
  ctx.route.navigate(activityPath(published.value));
  return true;
}

export const selfMessage: FeatureDef = {
  id: 'self-message',
  styles,
  title: 'Self-message button',
  category: 'activity',
  description: 'Add a button on your profile to post a message to yourself.',
  toggle: 'selfMessageEnabled',
  options: [
    {
      key: 'selfMessageEnabled',
      default: false,
      authRequired: true,
    },
  ],
  commands: [
    {
      id: MESSAGE_SELF,
      title: 'Message yourself…',
      section: 'Activity',
      keywords: ['self message', 'note', 'post', 'publish'],
      authRequired: true,
      actsAsYou: true,
      when: ownProfile,
      relevant: ownProfile,
      run: (ctx) => {
        const name = profileName(ctx.path);
        if (!name || !ownProfile(ctx)) return;
        selfMessageOpen.set(true);
        // The box lives on the overview; from another tab of the profile, go there.
        if (!isProfileOverview(ctx.path)) ctx.route.navigate(userPath(name));
      },
    },
  ],
  injections: [
    {
      id: 'self-message',
      route: isProfileOverview,
      selector: '.activity-feed-wrap > .section-header',
      single: true,
      authRequired: true,
      actsAsYou: true,
      when: ownProfile,
      mount: (header, ctx) => {
        mountUi(
          ctx,
          'self-message',
          (host) => header.after(host),
          <SelfMessage
            ctx={ctx}
            open={selfMessageOpen}
            openCommand={MESSAGE_SELF}
            publish={(text) => publishSelfMessage(ctx.context(), text)}
          />,
        );
        // Leaving the overview closes the box; the host rebuilding the header keeps it as it was.
        onAbort(ctx, () => {
          if (ctx.signal.reason !== REMOUNT) selfMessageOpen.set(false);
        });
      },
    },
  ],
};
