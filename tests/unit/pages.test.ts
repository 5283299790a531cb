import { describe, expect, it } from 'vitest';
import {
  anilistPath,
  isHome,
  isNotifications,
  isOwnProfile,
  isProfile,
  isProfileOverview,
  isSettings,
  isSettingsDeveloper,
  mediaPage,
  profileName,
  profileOverviewName,
  sameUserName,
} from '../../src/data/pages';

/** Each check over a table of [path, expected]. */
function table<T>(check: (path: string) => T, rows: readonly (readonly [string, T])[]): void {
  it.each(rows)('%s → %j', (path, expected) => expect(check(path)).toEqual(expected));
}

describe('isHome', () => {
  table(isHome, [
    ['/home', true],
    ['/home/', true],
    ['/HOME', true],
    ['/home?x=1', true],
    ['/home#top', true],
    ['/home/x', false],
    ['/homes', false],
    ['/', false],
    ['/user/home', false],
  ]);
});

describe('isNotifications', () => {
  table(isNotifications, [
    ['/notifications', true],
    ['/Notifications/', true],
    ['/notifications?type=all', true],
    ['/notifications/x', false],
    ['/home', false],
  ]);
});

describe('isSettings', () => {
  table(isSettings, [
    ['/settings', true],
    ['/settings/', true],
    ['/settings/developer', true],
    ['/Settings/Account', true],
    ['/settings#x', true],
    ['/settingsx', false],
    ['/user/settings', false],
  ]);
});

describe('isSettingsDeveloper', () => {
  table(isSettingsDeveloper, [
    ['/settings/developer', true],
    ['/settings/developer/', true],
    ['/Settings/DEVELOPER', true],
    ['/settings/developer#void_auth&access_token=x', true],
    ['/settings/developer?x=1', true],
    ['/settings', false],
    ['/settings/developer/x', false],
    ['/settings/developers', false],
  ]);
});

describe('profileName and isProfile', () => {
  table(profileName, [
    ['/user/Akira', 'Akira'],
    ['/user/Akira/', 'Akira'],
    ['/user/Akira/animelist', 'Akira'],
    ['/user/Akira/stats/anime/overview', 'Akira'],
    ['/USER/Akira/', 'Akira'],
    ['/user/Akira?x=1', 'Akira'],
    ['/user/Akira#y', 'Akira'],
    ['/user/Some%20One/', 'Some One'],
    ['/user/%E0%A4%A/', '%E0%A4%A'], // a malformed escape is kept as written
    ['/user/', null],
    ['/user', null],
    ['/users/Akira', null],
    ['/home', null],
    ['/activity/1', null],
  ]);
  table(isProfile, [
    ['/user/Akira/favorites', true],
    ['/user/Akira', true],
    ['/user/', false],
    ['/home', false],
  ]);
});

describe('profileOverviewName and isProfileOverview', () => {
  table(profileOverviewName, [
    ['/user/Akira', 'Akira'],
    ['/user/Akira/', 'Akira'],
    ['/User/akira/?x=1', 'akira'],
    ['/user/Akira/#z', 'Akira'],
    ['/user/Some%20One', 'Some One'],
    ['/user/Akira/animelist', null],
    ['/user/', null],
    ['/home', null],
  ]);
  table(isProfileOverview, [
    ['/user/Akira/', true],
    ['/user/Akira/animelist', false],
  ]);
});

describe('isOwnProfile', () => {
  it.each([
    ['/user/Viewer/', 'Viewer', true],
    ['/user/viewer', 'Viewer', true],
    ['/user/VIEWER/animelist', 'viewer', true],
    ['/user/Viewer?x=1', 'viewer', true],
    ['/user/Viewer#activity', 'viewer', true],
    ['/user/Some%20One/', 'some one', true],
    ['/user/Akira/', 'Viewer', false],
    ['/user/Viewer2/', 'Viewer', false],
    ['/user/ViewerX/', 'Viewer', false],
    ['/home', 'Viewer', false],
    ['/activity/1', 'Viewer', false],
    ['/user/%E0%A4%A/', 'Viewer', false],
    ['/user/Viewer/', null, false],
    ['/user/Viewer/', undefined, false],
    ['/user/Viewer/', '', false],
  ] as const)('%s as %s → %s', (path, viewer, expected) => expect(isOwnProfile(path, viewer)).toBe(expected));
});

describe('sameUserName', () => {
  it.each([
    ['Akira', 'akira', true],
    ['AKIRA', 'Akira', true],
    ['Akira', 'Akira2', false],
  ] as const)('%s = %s → %s', (a, b, expected) => expect(sameUserName(a, b)).toBe(expected));
});

describe('mediaPage', () => {
  table(mediaPage, [
    ['/anime/154587/Sousou-no-Frieren/', { id: 154587, type: 'ANIME' }],
    ['/manga/30002', { id: 30002, type: 'MANGA' }],
    ['/Manga/30002/x/characters', { id: 30002, type: 'MANGA' }],
    ['/anime/1?x=1', { id: 1, type: 'ANIME' }],
    ['/anime/1#reviews', { id: 1, type: 'ANIME' }],
    ['/anime/abc', null],
    ['/anime/12x', null],
    ['/animelist/1', null],
    ['/user/Akira/animelist', null],
    ['/home', null],
  ]);
  table(mediaPage, [['/search/anime', null]]);
});

describe('anilistPath: the AniList path a link points at', () => {
  const base = 'https://anilist.co/home';
  it('reads relative links, links on the page origin and full anilist.co URLs', () => {
    expect(anilistPath('/user/Kaede/', base)).toBe('/user/Kaede/');
    expect(anilistPath('https://anilist.co/anime/1/Cowboy', base)).toBe('/anime/1/Cowboy');
    expect(anilistPath('/anime/2/', 'http://127.0.0.1:4181/home')).toBe('/anime/2/');
    expect(anilistPath('https://anilist.co/manga/3?x=1#y', 'http://127.0.0.1:4181/home')).toBe('/manga/3');
  });
  it('gives nothing for another site, an empty or an unreadable address', () => {
    expect(anilistPath('https://example.com/user/Kaede/', base)).toBeNull();
    expect(anilistPath('https://anilist.co.evil.example/user/x/', base)).toBeNull();
    expect(anilistPath(null, base)).toBeNull();
    expect(anilistPath('', base)).toBeNull();
    expect(anilistPath('http://[::1', base)).toBeNull();
  });
});
