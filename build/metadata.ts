/**
 * The userscript metadata block, from package.json fields passed in (pure, so tests can try both a
 * published and an unpublished package). Addresses come only from package.json: `homepage` gives
 * @homepageURL, a GitHub `repository` gives @downloadURL/@updateURL (its latest release's assets);
 * unset fields leave their lines out, so the script never carries update URLs that point nowhere.
 */

export interface PackageFields {
  version: string;
  description: string;
  homepage?: string;
  /** npm's person: `{ name, url }`, or the string form `Name <email> (url)`. */
  author?: string | { name?: string; email?: string; url?: string };
  repository?: string | { type?: string; url?: string; directory?: string };
}

/**
 * The namespace: fixed, neutral and claiming no organisation. Managers identify a script by name
 * and namespace, so it must not change when the package later gains an address: that would
 * install a second copy beside the first, without its settings.
 */
const NAMESPACE = 'voidverified-palette';

const HOSTS: Record<string, string> = { github: 'github.com', gitlab: 'gitlab.com', bitbucket: 'bitbucket.org' };

/**
 * The repository's web address (`https://host/owner/name`) from any form npm accepts: `owner/name`,
 * `github:owner/name`, `git+https://…/name.git`, `git@host:owner/name.git`, `{ url }`. Undefined when unset.
 */
export function repositoryWebUrl(repository: PackageFields['repository']): string | undefined {
  const raw = (typeof repository === 'string' ? repository : repository?.url)?.trim();
  if (!raw) return undefined;
  const shorthand = /^(?:(github|gitlab|bitbucket):)?([\w.-]+\/[\w.-]+)$/.exec(raw);
  let url = shorthand ? `https://${HOSTS[shorthand[1] ?? 'github']}/${shorthand[2]}` : raw;
  url = url
    .replace(/^git\+/, '')
    .replace(/^git@([^:/]+):/, 'https://$1/')
    .replace(/^(?:ssh|git|http):\/\/(?:[^@/]+@)?/, 'https://')
    .replace(/#.*$/, '')
    .replace(/\.git$/, '')
    .replace(/\/+$/, '');
  return /^https:\/\/[^/]+\/.+/.test(url) ? url : undefined;
}

/** Where the latest release's assets live; only GitHub's address scheme is known here. */
function releaseDownloadBase(repository: PackageFields['repository']): string | undefined {
  const web = repositoryWebUrl(repository);
  return web && /^https:\/\/github\.com\/[^/]+\/[^/]+$/.test(web) ? `${web}/releases/latest/download` : undefined;
}

/** The author's address from npm's person field (`{ url }` or `Name <email> (url)`), when it is https. */
export function authorUrl(author: PackageFields['author']): string | undefined {
  const url = (typeof author === 'string' ? /\(([^()\s]+)\)\s*$/.exec(author)?.[1] : author?.url)?.trim();
  return url && /^https:\/\/[^/\s]+/.test(url) ? url : undefined;
}

/**
 * The project's public address, linked from the settings header as the original links its author
 * (documents 1 and 2): the author's address, else the homepage, else the repository; '' when it
 * has none (the header then shows no link, and the README says so).
 */
export function projectUrl(pkg: PackageFields): string {
  return authorUrl(pkg.author) || pkg.homepage?.trim() || repositoryWebUrl(pkg.repository) || '';
}

/** The userscript metadata block. It must be line 1 of the output, outside the IIFE wrapper. */
export function metadataBlock(pkg: PackageFields): string {
  const grants = ['getValue', 'setValue', 'deleteValue', 'listValues', 'addValueChangeListener', 'xmlhttpRequest'];
  const homepage = pkg.homepage?.trim();
  const downloads = releaseDownloadBase(pkg.repository);
  const optional = (key: string, value: string | undefined): [string, string][] => (value ? [[key, value]] : []);
  const lines: [string, string][] = [
    ['name', 'VoidVerified Palette'],
    ['namespace', NAMESPACE],
    ['version', pkg.version],
    ['description', pkg.description],
    ['author', 'VoidVerified Palette contributors'],
    ...optional('homepageURL', homepage),
    ['match', 'https://anilist.co/*'],
    ['run-at', 'document-end'],
    ...grants.map((g): [string, string] => ['grant', `GM_${g === 'xmlhttpRequest' ? 'xmlhttpRequest' : g}`]),
    ...grants.map((g): [string, string] => ['grant', `GM.${g === 'xmlhttpRequest' ? 'xmlHttpRequest' : g}`]),
    // The page's own window, where the host's Vue app and router live when the manager runs us in
    // an isolated world (src/inject/page-world.ts); without it we fall back to plain page loads.
    ['grant', 'unsafeWindow'],
    ['connect', 'graphql.anilist.co'],
    ['connect', 'catbox.moe'],
    ['connect', 'api.imgbb.com'],
    ['connect', 'api.imgur.com'],
    ...optional('downloadURL', downloads && `${downloads}/voidverified.user.js`),
    ...optional('updateURL', downloads && `${downloads}/voidverified.meta.js`),
  ];
  const width = Math.max(...lines.map(([k]) => k.length)) + 1;
  return ['// ==UserScript==', ...lines.map(([k, v]) => `// @${k.padEnd(width)}${v}`), '// ==/UserScript=='].join('\n');
}
