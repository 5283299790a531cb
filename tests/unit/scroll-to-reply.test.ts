import { describe, expect, it } from 'vitest';
import { activityPage } from '../../src/data/pages';
import { replyPath } from '../../src/data/paths';
import { replyIdInQuery } from '../../src/data/scroll-to-reply';

describe('scroll to reply: the reply a link names', () => {
  it("reads 2.0.3's parameter, the one our direct links write", () => {
    expect(replyIdInQuery('?void-reply-id=50000008')).toBe(50000008);
    expect(replyIdInQuery(new URL(`https://anilist.co${replyPath(7, 9)}`).search)).toBe(9);
    expect(replyIdInQuery('?a=1&void-reply-id=12&b=2')).toBe(12);
  });

  it('names nothing when the parameter is absent, 0 or not a plain positive integer', () => {
    for (const search of [
      '',
      '?void-reply-id=',
      '?void-reply-id=0',
      '?void-reply-id=-3',
      '?void-reply-id=1e3',
      '?void-reply-id=0x10',
      '?void-reply-id=12abc',
      '?void-reply-id=99999999999999999999',
      '?void-reply-id=%201',
    ])
      expect(replyIdInQuery(search), search).toBeNull();
  });

  it('the activity of an /activity/{id} page, query and hash aside', () => {
    expect(activityPage('/activity/700000004')).toBe(700000004);
    expect(activityPage('/activity/7/?void-reply-id=9')).toBe(7);
    expect(activityPage('/Activity/7#x')).toBe(7);
    expect(activityPage('/activity/')).toBeNull();
    expect(activityPage('/activity/7/likes')).toBeNull();
    expect(activityPage('/home')).toBeNull();
  });
});
