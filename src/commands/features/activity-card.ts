import { clickOwn } from '../../inject/trusted-input';
import type { Command, CommandContext, CommandEffect, FeatureDef } from '../types';

/**
 * Our activity cards' controls as palette commands (issue 31): in activity search's results and the
 * messages feed, each acts on the reply or activity that had focus when the palette opened (or when
 * its hotkey was pressed), by pressing that card's own control (as our own click, which the guard of
 * our roots lets through), so it does exactly what the button does (asks before deleting, says when
 * it fails). A reply's card answers for its own controls (like, Direct Link, edit, delete); the rest
 * (subscribe, replies, load more, reply) go to its activity.
 */

/** A reply's card, or an activity's (panels/activity/ActivityEntry.tsx). */
const CARD = '.vv-reply, .vv-activity';

/** The nearest card around the focused element with its own control `name` (`data-card`), or null. */
function control(ctx: CommandContext, name: string): HTMLElement | null {
  for (let card = ctx.focused?.closest(CARD); card; card = card.parentElement?.closest(CARD)) {
    for (const found of card.querySelectorAll<HTMLElement>(`[data-card="${name}"]`)) if (found.closest(CARD) === card) return found;
  }
  return null;
}

/** A command that presses the focused card's control `action` (its `data-card`). */
const press = (action: string, title: string, effect?: CommandEffect): Command => ({
  id: `activity-card.${action}`,
  title,
  section: 'Focused activity',
  ...(effect && { effect }),
  when: (ctx) => control(ctx, action) !== null,
  relevant: () => true,
  run: (ctx) => {
    const found = control(ctx, action);
    if (found) clickOwn(found);
  },
});

export const activityCard: FeatureDef = {
  id: 'activity-card',
  title: 'Activity card commands',
  category: 'activity',
  description: 'The controls of our activity cards as commands, for the card that has focus.',
  commands: [
    press('like', 'Like or unlike', 'account'),
    press('subscribe', 'Subscribe or unsubscribe', 'account'),
    press('replies', 'Show or hide replies'),
    press('load-more', 'Load more replies'),
    press('link', 'Direct Link'),
    press('edit', 'Edit'),
    press('delete', 'Delete', 'account'),
    {
      // The likers show while the like control has focus.
      ...press('likers', 'Who liked it'),
      when: (ctx) => control(ctx, 'like') !== null,
      run: (ctx) => control(ctx, 'like')?.focus(),
    },
    {
      // Opens the replies if closed, then the editor under them takes focus once drawn.
      ...press('reply', 'Reply'),
      when: (ctx) => control(ctx, 'replies') !== null,
      authRequired: true,
      run: (ctx) => {
        const toggle = control(ctx, 'replies');
        if (toggle?.getAttribute('aria-expanded') === 'false') clickOwn(toggle);
        const card = toggle?.closest('.vv-activity');
        setTimeout(() => {
          for (const field of card?.querySelectorAll<HTMLElement>('.vv-replies textarea') ?? [])
            if (!field.closest('.vv-reply')) field.focus();
        });
      },
    },
  ],
};
