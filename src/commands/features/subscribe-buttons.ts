import { onAbort } from '../../inject/lifetime';
import { onChanges } from '../../inject/observer';
import { styleWhileRunning } from '../../inject/styles';
import type { FeatureDef, InjectionContext } from '../types';

/** The mark of a host bell that has its copy in the action row: hidden while the copy is there. */
const HOST_BELL = 'data-void-bell-host';

/**
 * Subscribe buttons beside replies and likes. The host's bell stays where Vue put it (hidden by
 * the style below): moving a node Vue owns breaks its next patch of that part of the page. A copy
 * sits in the action row instead, forwards clicks to the host's bell (so the host's own handler
 * runs) and follows its label as the host toggles it.
 */
function mirrorBell(bell: Element, ctx: InjectionContext): undefined {
  const actions = bell.closest('.wrap')?.querySelector('.actions');
  if (!actions || actions.contains(bell)) return;
  const copy = bell.cloneNode(true) as HTMLElement;
  copy.setAttribute('data-void-bell', '');
  copy.setAttribute('role', 'button');
  copy.tabIndex = 0;
  const sync = () => {
    const label = bell.getAttribute('label') ?? 'Subscribe';
    copy.setAttribute('label', label);
    copy.setAttribute('aria-label', label);
    copy.classList.toggle('active', bell.classList.contains('active'));
  };
  sync();
  const press = (event: Event) => {
    if (event instanceof KeyboardEvent && event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    (bell as HTMLElement).click();
  };
  copy.addEventListener('click', press, { signal: ctx.signal });
  copy.addEventListener('keydown', press, { signal: ctx.signal });
  actions.append(copy);
  // The host's bell is hidden by this mark, wherever its parent is (no parent is proven on the real site).
  bell.setAttribute(HOST_BELL, '');
  const untrack = ctx.track(copy);
  onChanges((targets) => targets.has(bell) && sync(), ctx);
  onAbort(ctx, () => {
    untrack();
    copy.remove();
    bell.removeAttribute(HOST_BELL);
  });
}

export const subscribeButtons: FeatureDef = {
  id: 'subscribe-buttons',
  title: 'Move subscribe buttons',
  category: 'activity',
  description: 'Move the activity subscribe button next to replies and likes.',
  toggle: 'moveSubscribeButtons',
  options: [
    {
      key: 'moveSubscribeButtons',
      default: false,
    },
  ],
  injections: [
    {
      id: 'move-subscribe',
      selector:
        '.activity-entry span[label="Subscribe"]:not([data-void-bell]), .activity-entry span[label="Unsubscribe"]:not([data-void-bell])',
      optional: true,
      mount: mirrorBell,
    },
  ],
  page: [
    {
      id: 'move-subscribe-style',
      run: styleWhileRunning(
        'move-subscribe-style',
        `.activity-entry [${HOST_BELL}] { display: none !important; } .activity-entry .actions > span[data-void-bell] { display: inline-flex; align-items: center; cursor: pointer; }`,
      ),
    },
  ],
};
