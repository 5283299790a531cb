import { describe, expect, it } from 'vitest';
import { ownProfile } from '../../src/data/pages';
import {
  activityPath,
  characterPath,
  isPlainClick,
  mediaPath,
  replyPath,
  staffPath,
  threadCommentPath,
  threadPath,
  userPath,
} from '../../src/data/paths';

describe('paths of AniList pages', () => {
  it('one builder per kind of page', () => {
    expect(userPath('Some One/?')).toBe('/user/Some%20One%2F%3F/');
    expect(mediaPath({ id: 1, type: 'MANGA' })).toBe('/manga/1/');
    expect(mediaPath({ id: 2, type: null })).toBe('/anime/2/');
    expect(activityPath(3)).toBe('/activity/3');
    // A reply is reached on its activity's page, by 2.0.3's parameter (not /activity/{replyId}: a reply id is no activity).
    expect(replyPath(3, 9)).toBe('/activity/3?void-reply-id=9');
    expect(staffPath(4)).toBe('/staff/4/');
    expect(characterPath(5)).toBe('/character/5/');
    expect(threadPath(6)).toBe('/forum/thread/6/');
    expect(threadCommentPath(6, 7)).toBe('/forum/thread/6/comment/7');
  });

  it('only a main-button click without modifiers is ours to turn into an in-app navigation', () => {
    const plain = { button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };
    expect(isPlainClick(plain)).toBe(true);
    expect(isPlainClick({ ...plain, button: 1 })).toBe(false);
    expect(isPlainClick({ ...plain, ctrlKey: true })).toBe(false);
    expect(isPlainClick({ ...plain, metaKey: true })).toBe(false);
    expect(isPlainClick({ ...plain, shiftKey: true })).toBe(false);
    expect(isPlainClick({ ...plain, altKey: true })).toBe(false);
  });

  it("the viewer's own profile, any tab, any case; nobody signed in owns none", () => {
    expect(ownProfile({ path: '/user/Me/animelist', viewer: { name: 'me' } })).toBe(true);
    expect(ownProfile({ path: '/user/Other/', viewer: { name: 'me' } })).toBe(false);
    expect(ownProfile({ path: '/user/Me/', viewer: null })).toBe(false);
  });
});
