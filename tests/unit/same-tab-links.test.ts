import { describe, expect, it } from 'vitest';
import { anilistLocation } from '../../src/data/pages';

describe('same-tab links', () => {
  it('turns AniList links into in-app paths and leaves other sites alone', () => {
    const origin = 'https://anilist.co';
    expect(anilistLocation('https://anilist.co/user/Viewer/animelist', origin)).toBe('/user/Viewer/animelist');
    expect(anilistLocation('https://www.anilist.co/anime/1/?a=1#x', origin)).toBe('/anime/1/?a=1#x');
    expect(anilistLocation('/forum/thread/14', origin)).toBe('/forum/thread/14');
    // The sandbox serves the replica on another origin; AniList links still stay in the app.
    expect(anilistLocation('https://anilist.co/home', 'http://127.0.0.1:4173')).toBe('/home');
    expect(anilistLocation('https://example.com/anilist.co', origin)).toBeNull();
    expect(anilistLocation('https://anilist.co.evil.com/home', origin)).toBeNull();
    expect(anilistLocation('https://anilist.co/api/v2/oauth/authorize', origin)).toBeNull();
    expect(anilistLocation('mailto:a@anilist.co', origin)).toBeNull();
  });
});
