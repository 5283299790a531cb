import { rgbTriple } from './guards';
import { profileName, sameUserName } from './pages';
import { DEFAULT_COLOR, resolveColor as storedColor, resolveSign, userHas, type GlobalOptions, type VerifiedUser } from './verified-users';

/** A user's colour as it may be written into CSS: a checked "r, g, b" triple, else the default. */
function resolveColor(user: VerifiedUser, global: GlobalOptions): string {
  return rgbTriple(storedColor(user, global)) ?? DEFAULT_COLOR;
}

/**
 * The CSS that shows verified users: one stylesheet text per style element
 * id (username, highlight, profile), generated from the list and the options. Styling by selectors
 * means nothing walks activity entries, and Vue re-renders are styled for free. Pure.
 */

/** Characters written into a CSS string as they are; any other is escaped as its code point. */
const PLAIN_CSS_CHAR = /[\w .,!?:;()+*#@%&=~^$|[\]{}/-]/;
const PLAIN_CSS_TEXT = /^[\w .,!?:;()+*#@%&=~^$|[\]{}/-]*$/;

/** A CSS string literal: quotes, backslashes and line breaks escaped, non-ASCII as code points. */
export function cssString(text: string): string {
  // Most names need no escape: one test of the whole text instead of one per character.
  if (PLAIN_CSS_TEXT.test(text)) return `"${text}"`;
  return `"${[...text].map((ch) => (PLAIN_CSS_CHAR.test(ch) ? ch : `\\${ch.codePointAt(0)!.toString(16)} `)).join('')}"`;
}

/** Links to a user's profile, whatever the case of the name in the href. */
function profileLink(user: VerifiedUser): string {
  return `[href$=${cssString(`/user/${user.username}/`)} i]`;
}

const CSS_LENGTH = /^\d{1,3}(\.\d+)?(px|em|rem)$/;
/** The highlight border width option, or 5px when it is not a plain length. */
export function highlightSize(global: GlobalOptions): string {
  const size = String(global.get('highlightSize') ?? '').trim();
  return CSS_LENGTH.test(size) ? size : '5px';
}

/**
 * The sign after a verified user's name, in their colour, as the original shows it; the name
 * itself takes the colour only with 'Colour verified names' (ours, off by default).
 */
export function usernameCss(users: readonly VerifiedUser[], global: GlobalOptions): string {
  const names = global.get('colorVerifiedNames') === true;
  return users
    .filter((u) => userHas(u, 'enabledForUsername', global))
    .map((u) => {
      const color = resolveColor(u, global);
      const link = profileLink(u);
      const sign = `a.name${link}::after { content: ${cssString(` ${resolveSign(u, global)}`)}; color: rgb(${color}); }`;
      return names ? `a.name${link} { color: rgb(${color}) !important; }\n${sign}` : sign;
    })
    .join('\n');
}

export function highlightCss(users: readonly VerifiedUser[], global: GlobalOptions): string {
  const size = highlightSize(global);
  const rules: string[] = [];
  for (const u of users) {
    const color = resolveColor(u, global);
    const link = profileLink(u);
    // A user name in the entry's header (text and message) or details (list), at any depth, as the
    // original matches it on the real site (`div.wrap:has(div.header > a.name…)`): Vue's markup
    // between the card and the name is not ours to rely on. A message names both people, so it
    // shows for either (as in the original); replies sit outside `.wrap`, so they do not count.
    const activity = `.activity-entry .wrap:has(:is(.header, .details) a.name${link})`;
    const reply = `.reply:not(.preview):has(.header a.name${link})`;
    if (userHas(u, 'highlightEnabled', global)) rules.push(`${activity}:not(:has(.small)) { border-right: ${size} solid rgb(${color}); }`);
    if (userHas(u, 'highlightEnabledForReplies', global)) rules.push(`${reply} { border-right: ${size} solid rgb(${color}); }`);
    // Every link in the entry or the reply, and a reply's spoiler markers, as the original colours them.
    if (userHas(u, 'colorUserActivity', global)) rules.push(`${activity} a { color: rgb(${color}); }`);
    if (userHas(u, 'colorUserReplies', global)) rules.push(`${reply} a, ${reply} .markdown-spoiler::before { color: rgb(${color}); }`);
  }
  return rules.join('\n');
}

/** The sign on a verified user's profile header, when the profile-name option is on and the path names them. */
export function profileCss(users: readonly VerifiedUser[], global: GlobalOptions, path: string): string {
  if (global.get('enabledForProfileName') !== true) return '';
  const name = profileName(path);
  if (name === null) return '';
  const user = users.find((u) => sameUserName(u.username, name));
  if (!user) return '';
  return `.name-wrapper h1.name::after { content: ${cssString(` ${resolveSign(user, global)}`)}; color: rgb(${resolveColor(user, global)}); }`;
}
