import { describe, expect, it } from 'vitest';
import { HIDE_DELAY_MS, HOVER_DELAY_MS, HOVER_IDLE, hoverTransition, type HoverEvent, type HoverState } from '../../src/data/hover-card';

type State = HoverState<string>;
const go = (state: State, event: HoverEvent<string, { name: string }>) => hoverTransition(state, event);
const waiting = (link: string): State => ({ pending: link, shown: null });
const showing = (link: string): State => ({ pending: null, shown: link });

describe('hover card controller', () => {
  it('entering a link waits the hover delay, then reads, then shows the card', () => {
    const entered = go(HOVER_IDLE, { type: 'enter', link: 'a' });
    expect(entered.state).toEqual(waiting('a'));
    expect(entered.effects).toEqual([{ type: 'wait-hover', link: 'a', ms: HOVER_DELAY_MS }]);
    const delayed = go(entered.state, { type: 'hover-delay', link: 'a' });
    expect(delayed.effects).toEqual([{ type: 'load', link: 'a' }]);
    const loaded = go(delayed.state, { type: 'loaded', link: 'a', data: { name: 'A' } });
    expect(loaded.state).toEqual(showing('a'));
    expect(loaded.effects).toEqual([{ type: 'cancel-hide' }, { type: 'show', link: 'a', data: { name: 'A' } }]);
  });

  it('entering the waiting link again restarts nothing; another link takes the wait over', () => {
    expect(go(waiting('a'), { type: 'enter', link: 'a' }).effects).toEqual([]);
    const other = go(waiting('a'), { type: 'enter', link: 'b' });
    expect(other.state).toEqual(waiting('b'));
    expect(other.effects).toEqual([{ type: 'wait-hover', link: 'b', ms: HOVER_DELAY_MS }]);
    // The first link's delay or answer, arriving late, does nothing.
    expect(go(other.state, { type: 'hover-delay', link: 'a' }).effects).toEqual([]);
    expect(go(other.state, { type: 'loaded', link: 'a', data: { name: 'A' } })).toEqual({ state: waiting('b'), effects: [] });
  });

  it('leaving a link before its card shows cancels the wait, and its answer is dropped', () => {
    const left = go(waiting('a'), { type: 'leave', link: 'a', toCard: false });
    expect(left.state).toEqual(HOVER_IDLE);
    expect(left.effects).toEqual([{ type: 'cancel-hover' }]);
    expect(go(left.state, { type: 'loaded', link: 'a', data: { name: 'A' } })).toEqual({ state: HOVER_IDLE, effects: [] });
  });

  it('a failed read gives the wait up and shows nothing', () => {
    const failed = go(waiting('a'), { type: 'loaded', link: 'a', data: null });
    expect(failed.state).toEqual(HOVER_IDLE);
    expect(failed.effects).toEqual([{ type: 'cancel-hover' }]);
  });

  it('leaving the shown link hides the card after the hide delay, unless the pointer went into the card', () => {
    const left = go(showing('a'), { type: 'leave', link: 'a', toCard: false });
    expect(left.state).toEqual(showing('a'));
    expect(left.effects).toEqual([{ type: 'wait-hide', ms: HIDE_DELAY_MS }]);
    expect(go(showing('a'), { type: 'leave', link: 'a', toCard: true }).effects).toEqual([]);
    const hidden = go(left.state, { type: 'hide-delay' });
    expect(hidden.state).toEqual(HOVER_IDLE);
    expect(hidden.effects).toEqual([{ type: 'cancel-hide' }, { type: 'hide' }]);
  });

  it('coming back to the shown link, or into the card, keeps it; leaving the card hides it after the delay', () => {
    expect(go(showing('a'), { type: 'enter', link: 'a' })).toEqual({ state: showing('a'), effects: [{ type: 'cancel-hide' }] });
    expect(go(showing('a'), { type: 'card-enter' })).toEqual({ state: showing('a'), effects: [{ type: 'cancel-hide' }] });
    expect(go(showing('a'), { type: 'card-leave' })).toEqual({ state: showing('a'), effects: [{ type: 'wait-hide', ms: HIDE_DELAY_MS }] });
  });

  it('a card waiting for another link keeps waiting when the shown one hides or its link leaves the page', () => {
    const both: State = { pending: 'b', shown: 'a' };
    expect(go(both, { type: 'hide-delay' }).state).toEqual(waiting('b'));
    const gone = go(both, { type: 'link-gone' });
    expect(gone.state).toEqual(waiting('b'));
    expect(gone.effects).toEqual([{ type: 'cancel-hide' }, { type: 'hide' }]);
  });

  it('a click on a link: no card comes for it, and the shown one goes after the hide delay (document 1: 300 ms after click)', () => {
    const clicked = go({ pending: 'b', shown: 'a' }, { type: 'click' });
    expect(clicked.state).toEqual(showing('a'));
    expect(clicked.effects).toEqual([{ type: 'cancel-hover' }, { type: 'wait-hide', ms: HIDE_DELAY_MS }]);
    expect(go(clicked.state, { type: 'hide-delay' }).state).toEqual(HOVER_IDLE);
    const waitingOnly = go(waiting('b'), { type: 'click' });
    expect(waitingOnly.state).toEqual(HOVER_IDLE);
    expect(waitingOnly.effects).toEqual([{ type: 'cancel-hover' }]);
  });

  it('Escape dismisses everything: the wait, the hide timer and the card', () => {
    const dismissed = go({ pending: 'b', shown: 'a' }, { type: 'dismiss' });
    expect(dismissed.state).toEqual(HOVER_IDLE);
    expect(dismissed.effects).toEqual([{ type: 'cancel-hover' }, { type: 'cancel-hide' }, { type: 'hide' }]);
  });

  it('following a link in the card hides it, then navigates', () => {
    const followed = go(showing('a'), { type: 'navigate', path: '/user/A/' });
    expect(followed.state).toEqual(HOVER_IDLE);
    expect(followed.effects).toEqual([
      { type: 'cancel-hover' },
      { type: 'cancel-hide' },
      { type: 'hide' },
      { type: 'navigate', path: '/user/A/' },
    ]);
  });
});
