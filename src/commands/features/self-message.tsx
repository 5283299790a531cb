import { attempt } from '../../data/api-errors';
import { IdentityMismatchError } from '../../data/identity';
import { isProfileOverview, ownProfile, profileName } from '../../data/pages';
import { publishToOwner, SELF_MESSAGE_TEXTS } from '../../data/self-message';
import { createStore } from '../../data/store';
import { mountUi } from '../../panels/mount';
import { lazyComponent } from '../lazy';
import type { CommandContext, FeatureDef } from '../types';
import { replaceRange } from '../../inject/editor-text';
import styles from '../../panels/self-message/self-message.css';
import { activityPath, userPath } from '../../data/paths';

const SelfMessage = lazyComponent(() => import('../../panels/self-message/SelfMessage'), 'SelfMessage');

/**
 * The self message, where the original offers it: 'Message Self' in the own profile's composer
 * actions (`.activity-feed-wrap > .activity-edit > .actions`) sends the composer's text as a
 * message to yourself, then goes to the new activity. 'Message yourself…' in the palette does the
 * same from the keyboard (and, with the composer empty, brings you to it). The site's signed-in
 * account says which profile is "your own"; the message goes to the token's owner as AniList
 * reports them, and the feature is locked while those two differ.
 */

/** The palette command (its id kept, so a key bound to it stays bound). */
const MESSAGE_SELF = 'self-message.open';

/** The own profile's composer, where the original places its button. */
const COMPOSER_ACTIONS = '.activity-feed-wrap > .activity-edit > .actions';
const composerField = (root: ParentNode = document) =>
  root.querySelector<HTMLTextAreaElement>('.activity-feed-wrap > .activity-edit textarea');

/** The palette asked from another tab of the profile: the composer takes focus once it is there. */
const focusComposer = createStore(false);

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

/** Sends the composer's text; it is emptied once sent and kept when sending fails. Empty: says so and focuses it. */
async function sendComposer(ctx: CommandContext, field: HTMLTextAreaElement | null): Promise<void> {
  const text = field?.value.trim() ?? '';
  if (!field || !text) {
    ctx.toasts.warning(SELF_MESSAGE_TEXTS.empty);
    field?.focus();
    return;
  }
  if (await publishSelfMessage(ctx, text)) replaceRange(field, 0, field.value.length, '');
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
      keywords: ['self message', 'message self', 'note', 'post', 'publish'],
      authRequired: true,
      actsAsYou: true,
      when: ownProfile,
      relevant: ownProfile,
      run: async (ctx) => {
        const name = profileName(ctx.path);
        if (!name || !ownProfile(ctx)) return;
        // The composer lives on the overview; from another tab of the profile, go there.
        if (!isProfileOverview(ctx.path)) {
          focusComposer.set(true);
          return ctx.route.navigate(userPath(name));
        }
        await sendComposer(ctx, composerField());
      },
    },
  ],
  injections: [
    {
      id: 'self-message',
      route: isProfileOverview,
      selector: COMPOSER_ACTIONS,
      single: true,
      authRequired: true,
      actsAsYou: true,
      when: ownProfile,
      mount: (actions, ctx) => {
        const composer = actions.parentElement;
        mountUi(
          ctx,
          'self-message',
          (host) => actions.prepend(host),
          <SelfMessage send={() => sendComposer(ctx.context(), composer && composerField(composer))} />,
        );
        if (focusComposer.get()) {
          focusComposer.set(false);
          // After the palette's closing hands focus back to the page.
          requestAnimationFrame(() => composer && composerField(composer)?.focus());
        }
      },
    },
  ],
};
