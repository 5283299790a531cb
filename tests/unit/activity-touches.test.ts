import { describe, expect, it } from 'vitest';
import { activityTouches } from '../../src/commands/features/activity-touches';
import { Registry } from '../../src/commands/registry';
import {
  anilistPath,
  defaultCollapsed,
  imageLinkSource,
  isUserLink,
  replyCollapseId,
  resolveCollapsed,
  saveSelfMessage,
  timestampTitle,
} from '../../src/data/activity-touches';
import { makeTestServices } from './helpers';

describe('image links', () => {
  it('accepts every listed extension in any case, with query strings and fragments', () => {
    for (const ext of ['jpg', 'png', 'gif', 'webp', 'apng', 'avif', 'jpeg', 'svg', 'JPG', 'Png', 'SVG'])
      expect(imageLinkSource(`https://i.example.com/a/b.${ext}`, false), ext).toBe(`https://i.example.com/a/b.${ext}`);
    expect(imageLinkSource('https://i.example.com/b.PNG?width=200&x=1', false)).toBe('https://i.example.com/b.PNG?width=200&x=1');
    expect(imageLinkSource('https://i.example.com/b.gif#frame', false)).toBe('https://i.example.com/b.gif#frame');
    expect(imageLinkSource('/file/cover.webp', false, 'https://anilist.co/home')).toBe('https://anilist.co/file/cover.webp');
  });

  it('refuses links with an inner image, other extensions and other schemes', () => {
    expect(imageLinkSource('https://i.example.com/b.png', true)).toBeNull();
    for (const href of [
      'https://example.com/page',
      'https://example.com/b.png.html',
      'https://example.com/b.bmp',
      'https://example.com/?file=b.png',
      'javascript:alert(1)//.png',
      'data:image/png;base64,AAAA.png',
      '',
      null,
    ])
      expect(imageLinkSource(href, false), String(href)).toBeNull();
  });
});

describe('own profile', () => {
  it('recognises user links, relative or absolute', () => {
    expect(isUserLink('/user/Viewer/', 'viewer')).toBe(true);
    expect(isUserLink('https://anilist.co/user/VIEWER/', 'Viewer')).toBe(true);
    expect(isUserLink('/user/Akira/', 'Viewer')).toBe(false);
    expect(isUserLink(null, 'Viewer')).toBe(false);
  });
});

describe('reply collapse', () => {
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

describe('timestamps and links', () => {
  it('formats a datetime attribute in the configured format and ignores non-dates', () => {
    const local = new Date(2026, 0, 1, 13, 5).toISOString();
    expect(timestampTitle(local, { dateFormat: 'yyyy-mm-dd', use12HourFormat: false })).toBe('2026-01-01 13:05');
    expect(timestampTitle(local, { dateFormat: 'mm/dd/yyyy', use12HourFormat: true })).toBe('01/01/2026 1:05 PM');
    expect(timestampTitle('not a date', { dateFormat: 'yyyy-mm-dd', use12HourFormat: false })).toBeNull();
    expect(timestampTitle(null, { dateFormat: 'yyyy-mm-dd', use12HourFormat: false })).toBeNull();
  });

  it('turns AniList links into in-app paths and leaves other sites alone', () => {
    const origin = 'https://anilist.co';
    expect(anilistPath('https://anilist.co/user/Viewer/animelist', origin)).toBe('/user/Viewer/animelist');
    expect(anilistPath('https://www.anilist.co/anime/1/?a=1#x', origin)).toBe('/anime/1/?a=1#x');
    expect(anilistPath('/forum/thread/14', origin)).toBe('/forum/thread/14');
    // The sandbox serves the replica on another origin; AniList links still stay in the app.
    expect(anilistPath('https://anilist.co/home', 'http://127.0.0.1:4173')).toBe('/home');
    expect(anilistPath('https://example.com/anilist.co', origin)).toBeNull();
    expect(anilistPath('https://anilist.co.evil.com/home', origin)).toBeNull();
    expect(anilistPath('https://anilist.co/api/v2/oauth/authorize', origin)).toBeNull();
    expect(anilistPath('mailto:a@anilist.co', origin)).toBeNull();
  });
});

describe('the activity-touches feature', () => {
  const registry = new Registry();
  registry.define(activityTouches);

  it('is built (not planned) and keeps every option of the original', () => {
    expect(activityTouches.planned).toBeUndefined();
    const keys = (activityTouches.options ?? []).map((o) => o.key);
    for (const key of [
      'moveSubscribeButtons',
      'hideLikeCount',
      'collapsibleReplies',
      'autoCollapseLiked',
      'autoCollapseSelf',
      'imagePreviewEnabled',
      'hideMessagesFromListFeed',
      'selfMessageEnabled',
      'removeAnilistBlanks',
    ])
      expect(keys).toContain(key);
    expect(registry.option('activityTimestampTooltipsEnabled')).toMatchObject({
      default: false,
      category: 'misc',
      description: 'Replace activity timestamp tooltips with your date format.',
    });
    expect(registry.option('selfMessageEnabled')?.authRequired).toBe(true);
  });

  it('offers "Message yourself…" only on the own profile with the option on', () => {
    const command = registry.command('activity-touches.message-self')!;
    expect(command.authRequired).toBe(true);
    const at = (path: string, on: boolean, viewer: { id: number; name: string } | null = { id: 1, name: 'Viewer' }) => {
      const { services } = makeTestServices(registry, { path, viewer });
      if (on) services.settings.set('selfMessageEnabled', true);
      return command.when!(services.context(null));
    };
    expect(at('/user/viewer/', true)).toBe(true);
    expect(at('/user/Viewer/animelist', true)).toBe(true);
    expect(at('/user/Viewer/', false)).toBe(false);
    expect(at('/user/Akira/', true)).toBe(false);
    expect(at('/home', true)).toBe(false);
    expect(at('/user/Viewer/', true, null)).toBe(false);
  });

  it('publishes to the viewer with private false (the document asks for the id)', () => {
    expect(saveSelfMessage).toMatchObject({ name: 'SaveMessageActivity', auth: true });
    expect(saveSelfMessage.source).toMatch(
      /SaveMessageActivity\(message: \$message, recipientId: \$recipientId, private: \$private\) \{ id \}/,
    );
  });
});
