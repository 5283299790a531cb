import { settingsKey } from '../../data/config';
import { highlightCss, profileCss, usernameCss } from '../../data/verified-users-styles';
import { findUser, refreshUsers, setUserField, staleUsers, VERIFIED_USERS_TEXTS, verifiedUsersKey } from '../../data/verified-users';
import { onRouteChange } from '../../inject/route';
import { removeStyle, setStyle } from '../../inject/styles';
import { profileName, sameUserName } from '../../data/pages';
import { lazyComponent } from '../lazy';
import type { CommandContext, FeatureDef } from '../types';
import { onAbort } from '../../inject/lifetime';
import { attempt, type FailureReport } from '../../data/api-errors';
import styles from '../../panels/verified-users/verified-users.css';
import { userPath } from '../../data/paths';

const VerifiedUsers = lazyComponent(() => import('../../panels/verified-users/VerifiedUsers'), 'VerifiedUsers');
const AddUserPage = lazyComponent(() => import('../../panels/verified-users/VerifyUserPages'), 'AddUserPage');
const RemoveUserPage = lazyComponent(() => import('../../panels/verified-users/VerifyUserPages'), 'RemoveUserPage');
const UserOptionsPage = lazyComponent(() => import('../../panels/verified-users/VerifiedUsers'), 'UserOptionsPage');

/**
 * Verified users: a sign after their names, highlight borders and colours on their activities and
 * replies, all by generated CSS (style elements replaced by id), and their profile data refreshed
 * in one batched query every 15 minutes.
 */

const SECTION = 'Verified users';

/** A refresh of the verified users' profile data failed: said when asked for, only logged when on navigation. */
const REFRESH_FAILURE: FailureReport = {
  toast: VERIFIED_USERS_TEXTS.refreshFailed,
  detail: false,
  log: 'refreshing verified users failed',
};
const STYLE_IDS = ['username', 'highlight', 'profile'] as const;

function applyStyles(ctx: CommandContext, path: string): void {
  const users = ctx.store.get(verifiedUsersKey);
  setStyle('username', usernameCss(users, ctx.settings));
  setStyle('highlight', highlightCss(users, ctx.settings));
  setStyle('profile', profileCss(users, ctx.settings, path));
}

/** The palette pages that add and remove a verified user. */
const ADD_PAGE = 'verified-users.add';
const REMOVE_PAGE = 'verified-users.remove';
const OPTIONS_PAGE = 'verified-users.options';

/** Visiting a user's profile clears their quick-access badge. */
function clearBadge(ctx: CommandContext, path: string): void {
  const name = profileName(path);
  if (name === null) return;
  const user = findUser(ctx.store.get(verifiedUsersKey), name);
  if (user?.quickAccessBadgeDisplay)
    ctx.store.update(verifiedUsersKey, (list) => setUserField(list, user.username, 'quickAccessBadgeDisplay', false));
}

export const verifiedUsers: FeatureDef = {
  id: 'verified-users',
  styles,
  title: 'Verified users',
  category: 'users',
  description: 'A sign after chosen usernames, and highlight borders and colours on their activities and replies.',
  options: [
    {
      key: 'enabledForUsername',
      title: 'Verified sign on usernames',
      description: 'Show a verified sign after verified usernames.',
      default: true,
    },
    {
      key: 'colorVerifiedNames',
      title: 'Colour verified names',
      description: "Colour verified usernames with the user's colour too, not only their sign.",
      default: false,
    },
    {
      key: 'enabledForProfileName',
      title: 'Verified sign on profiles',
      description: "Show the verified sign on a verified user's profile header.",
      default: false,
    },
    {
      key: 'defaultSign',
      title: 'Default sign',
      description: 'The sign shown after a verified username when the user has none of their own.',
      default: '✔',
      maxLength: 16,
    },
    {
      key: 'copyColorFromProfile',
      title: 'Copy profile colour',
      description: "Use each verified user's own profile colour.",
      default: true,
    },
    {
      key: 'highlightEnabled',
      title: 'Highlight activities',
      description: "Mark verified users' activities with a coloured border.",
      default: true,
    },
    {
      key: 'highlightEnabledForReplies',
      title: 'Highlight replies',
      description: "Mark verified users' replies with a coloured border.",
      default: true,
    },
    {
      key: 'highlightSize',
      title: 'Highlight size',
      description: 'Width of the highlight border (a CSS length such as 5px).',
      default: '5px',
      maxLength: 16,
    },
    {
      key: 'colorUserActivity',
      title: 'Colour activity links',
      description: "Colour the links in verified users' activities with their colour.",
      default: false,
    },
    {
      key: 'colorUserReplies',
      title: 'Colour reply links',
      description: "Colour the links in verified users' replies with their colour.",
      default: false,
    },
    {
      key: 'useDefaultHighlightColor',
      title: 'Fallback highlight colour',
      description: 'Use the fallback highlight colour when a verified user has no colour.',
      default: false,
    },
    {
      key: 'defaultHighlightColor',
      title: 'Fallback colour',
      description: 'The fallback highlight colour.',
      default: '#FFFFFF',
      format: 'color',
    },
  ],
  commands: [
    {
      id: 'verified-users.add',
      title: 'Verify user…',
      section: SECTION,
      keywords: ['add', 'verified', 'highlight', 'sign', 'user'],
      page: ADD_PAGE,
    },
    {
      id: 'verified-users.remove',
      title: 'Remove verified user…',
      section: SECTION,
      keywords: ['delete', 'unverify', 'user'],
      page: REMOVE_PAGE,
      when: (ctx) => ctx.store.get(verifiedUsersKey).length > 0,
      reads: [verifiedUsersKey],
    },
    {
      id: 'verified-users.refresh',
      title: 'Refresh verified users',
      section: SECTION,
      keywords: ['update', 'reload', 'avatars', 'colours'],
      when: (ctx) => ctx.store.get(verifiedUsersKey).length > 0,
      reads: [verifiedUsersKey],
      run: async (ctx) => {
        const refreshed = await attempt(ctx.toasts, REFRESH_FAILURE, () => refreshUsers(ctx, ctx.store.get(verifiedUsersKey)));
        if (refreshed.ok) ctx.toasts.success(VERIFIED_USERS_TEXTS.updated);
      },
    },
  ],
  // Two commands per verified user: jump to their profile, and their options (the users tab's row, in the palette).
  reads: [verifiedUsersKey],
  provideCommands: (ctx) =>
    ctx.store.get(verifiedUsersKey).flatMap((u) => [
      {
        id: `verified-users.profile.${u.username.toLowerCase()}`,
        title: `${u.username}'s profile`,
        section: SECTION,
        keywords: ['verified', 'user', 'profile', u.username],
        relevant: (c: CommandContext) => !sameUserName(profileName(c.path) ?? '', u.username),
        run: (c: CommandContext) => c.route.navigate(userPath(u.username)),
      },
      {
        id: `verified-users.options.${u.username.toLowerCase()}`,
        title: `Verified user options: ${u.username}`,
        section: SECTION,
        keywords: ['sign', 'colour', 'highlight', 'quick access', 'badge'],
        page: OPTIONS_PAGE,
        pageArg: u.username,
      },
    ]),
  panels: [
    { kind: 'settings-tab', id: 'verified-users.tab', title: 'users', component: VerifiedUsers },
    { kind: 'palette-page', id: ADD_PAGE, title: 'Verify user', placeholder: 'User name', component: AddUserPage },
    {
      kind: 'palette-page',
      id: REMOVE_PAGE,
      title: 'Remove verified user',
      placeholder: 'Filter verified users',
      component: RemoveUserPage,
    },
    {
      kind: 'palette-page',
      id: OPTIONS_PAGE,
      title: 'Verified user options',
      placeholder: null,
      layout: 'form',
      component: UserOptionsPage,
    },
  ],
  page: [
    {
      // Styles for every page: rewritten when the list, the options or the path change.
      id: 'verified-styles',
      run: (ctx) => {
        const apply = () => applyStyles(ctx, ctx.route.path());
        apply();
        onAbort(ctx, ctx.store.subscribe(verifiedUsersKey, apply));
        onAbort(ctx, ctx.store.subscribe(settingsKey, apply));
        onRouteChange(() => {
          apply();
          clearBadge(ctx, ctx.route.path());
        }, ctx);
        clearBadge(ctx, ctx.route.path());
        onAbort(ctx, () => STYLE_IDS.forEach(removeStyle));
      },
    },
    {
      // Profile data older than 15 minutes is refreshed (on load and on navigation), in one request.
      id: 'verified-refresh',
      when: (ctx) => ctx.store.get(verifiedUsersKey).length > 0,
      reads: [verifiedUsersKey],
      run: (ctx) => {
        const check = () => {
          const stale = staleUsers(ctx.store.get(verifiedUsersKey), Date.now());
          // Unasked for: a failure is only logged, and the next navigation tries again.
          if (stale.length) void attempt(ctx.toasts, { ...REFRESH_FAILURE, quiet: true }, () => refreshUsers(ctx, stale));
        };
        check();
        onRouteChange(check, ctx);
      },
    },
  ],
};
