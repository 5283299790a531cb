import { describe, expect, it } from 'vitest';
import { anilistPath } from '../../src/data/same-tab-links';

describe('same-tab links', () => {
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
