import { describe, expect, it } from 'vitest';
import { defaultCollapsed, isUserLink, replyCollapseId, resolveCollapsed } from '../../src/data/collapsible-replies';

describe('reply collapse', () => {
  it('recognises user links, relative or absolute', () => {
    expect(isUserLink('/user/Viewer/', 'viewer')).toBe(true);
    expect(isUserLink('https://anilist.co/user/VIEWER/', 'Viewer')).toBe(true);
    expect(isUserLink('/user/Akira/', 'Viewer')).toBe(false);
    expect(isUserLink(null, 'Viewer')).toBe(false);
  });

  const facts = { liked: false, own: false, autoCollapseLiked: false, autoCollapseSelf: false };

  it('starts liked replies collapsed with autoCollapseLiked and own replies with autoCollapseSelf', () => {
    expect(defaultCollapsed(facts)).toBe(false);
    expect(defaultCollapsed({ ...facts, liked: true })).toBe(false);
    expect(defaultCollapsed({ ...facts, liked: true, autoCollapseLiked: true })).toBe(true);
    expect(defaultCollapsed({ ...facts, own: true, autoCollapseLiked: true })).toBe(false);
    expect(defaultCollapsed({ ...facts, own: true, autoCollapseSelf: true })).toBe(true);
    expect(defaultCollapsed({ ...facts, liked: true, autoCollapseSelf: true })).toBe(false);
  });

  it('lets a remembered explicit state win', () => {
    expect(resolveCollapsed(undefined, true)).toBe(true);
    expect(resolveCollapsed(undefined, false)).toBe(false);
    expect(resolveCollapsed(false, true)).toBe(false);
    expect(resolveCollapsed(true, false)).toBe(true);
    expect(replyCollapseId(50000008)).toBe('reply-50000008');
  });
});
