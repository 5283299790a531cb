import type { Command } from '../../commands/types';
import { fuzzyScore } from '../../data/fuzzy';

/**
 * Ranking for the palette: a fuzzy match on title (then keywords and section), boosted by how
 * often and how recently a command was used (frecency) and by whether it makes sense on the
 * current page. Pure and fast: 3,000 commands rank well within a frame.
 */

export interface Usage {
  count: number;
  last: number;
}

const DAY_MS = 86_400_000;

/** 0 for never used; grows with use and halves every week without use. */
function frecency(usage: Usage | undefined, now: number): number {
  if (!usage || usage.count <= 0) return 0;
  const ageDays = Math.max(0, now - usage.last) / DAY_MS;
  return usage.count * 0.5 ** (ageDays / 7);
}

export interface Ranked {
  command: Command;
  score: number;
  /** Matched only by its section's name ('verif' in 'VoidVerified Settings'), not by its own words. */
  sectionOnly?: boolean;
}

/** With this many matches by title or keyword, commands matched only by their section are left out. */
export const SECTION_ONLY_CUTOFF = 5;
/** The group that holds commands matched only by their section's name, after every other group. */
export const SECTION_MATCHES = 'In matching sections';

export interface RankOptions {
  query: string;
  usage: Readonly<Record<string, Usage>>;
  relevant: (command: Command) => boolean;
  now: number;
}

/** A command's lower-cased search texts. */
interface Texts {
  title: string;
  keywords: string[];
  section: string;
}

const textsOf = (command: Command): Texts => ({
  title: command.title.toLowerCase(),
  keywords: (command.keywords ?? []).map((k) => k.toLowerCase()),
  section: command.section.toLowerCase(),
});

/**
 * The search texts of a listing, computed once for it: the palette ranks the same listing on every
 * keystroke. Kept per listing, not per command: provided commands are built again for each
 * listing, and an entry for each would grow the table with every palette open.
 */
const textsCache = new WeakMap<readonly Command[], Texts[]>();
function textsFor(commands: readonly Command[]): Texts[] {
  let texts = textsCache.get(commands);
  if (!texts) textsCache.set(commands, (texts = commands.map(textsOf)));
  return texts;
}

/**
 * Matches and orders commands; non-matching ones are left out. Matches by title or keyword come
 * first; commands matched only by their section's name come after all of them, and not at all
 * once SECTION_ONLY_CUTOFF commands match by their own words.
 */
export function rankCommands(commands: readonly Command[], opts: RankOptions): Ranked[] {
  const query = opts.query.trim().toLowerCase();
  const own: Ranked[] = [];
  const bySection: Ranked[] = [];
  const texts = textsFor(commands);
  for (let i = 0; i < commands.length; i++) {
    const command = commands[i]!;
    const t = texts[i]!;
    let match = fuzzyScore(query, t.title);
    let sectionOnly = false;
    if (query && match < 60) {
      // Keywords (descriptions among them) match only where the query is written out in them: a
      // scattered subsequence of a long description ('verif' in 'priVate fEed fRom lIst Feed')
      // matches nearly anything.
      let keyword = 0;
      for (const k of t.keywords) {
        const score = fuzzyScore(query, k);
        if (score >= 60) keyword = Math.max(keyword, score);
      }
      match = Math.max(match, keyword * 0.8);
      if (match <= 0) {
        match = fuzzyScore(query, t.section) * 0.4;
        sectionOnly = match > 0;
      }
    }
    if (match <= 0) continue;
    const usage = opts.usage[command.id];
    const used = usage ? frecency(usage, opts.now) : 0;
    const relevant = opts.relevant(command) ? 1 : 0;
    // Match quality dominates while typing; with an empty query, use and relevance decide.
    const score = query ? match + Math.min(25, used * 5) + relevant * 15 : used * 10 + relevant * 50 + (command.dashboard ? 5 : 0);
    if (sectionOnly) bySection.push({ command, score, sectionOnly });
    else own.push({ command, score });
  }
  // Array sort is stable: equal scores keep registry order.
  own.sort((a, b) => b.score - a.score);
  if (own.length >= SECTION_ONLY_CUTOFF || !bySection.length) return own;
  return own.concat(bySection.sort((a, b) => b.score - a.score));
}

export const ON_PAGE = 'On this page';
export const RECENT = 'Recent';

export interface Group {
  heading: string;
  items: Command[];
  /** How many matched beyond those shown. */
  more: number;
}

/**
 * Groups ranked commands by section, ordered by each section's best item. With an empty query the
 * recently used and page-relevant commands are lifted into groups of their own at the top.
 */
export function groupRanked(
  ranked: readonly Ranked[],
  opts: {
    query: string;
    usage: Readonly<Record<string, Usage>>;
    relevant: (c: Command) => boolean;
    perGroup: number;
    recent: number;
    total?: number;
  },
): Group[] {
  const groups = new Map<string, Group>();
  // Rendering is the expensive part: show at most `total` items, best first; count the rest.
  let shown = 0;
  const total = opts.total ?? Infinity;
  const add = (heading: string, command: Command) => {
    let group = groups.get(heading);
    if (!group) groups.set(heading, (group = { heading, items: [], more: 0 }));
    if (group.items.length < opts.perGroup && shown < total) {
      group.items.push(command);
      shown++;
    } else group.more++;
  };
  const lifted = new Set<string>();
  if (!opts.query.trim()) {
    const onPage = ranked.filter((r) => opts.relevant(r.command)).slice(0, opts.recent);
    onPage.forEach((r) => {
      lifted.add(r.command.id);
      add(ON_PAGE, r.command);
    });
    const recent = ranked
      .filter((r) => opts.usage[r.command.id] && !lifted.has(r.command.id))
      .sort((a, b) => (opts.usage[b.command.id]?.last ?? 0) - (opts.usage[a.command.id]?.last ?? 0))
      .slice(0, opts.recent);
    recent.forEach((r) => {
      lifted.add(r.command.id);
      add(RECENT, r.command);
    });
  }
  for (const r of ranked) if (!lifted.has(r.command.id)) add(r.sectionOnly ? SECTION_MATCHES : r.command.section, r.command);
  return [...groups.values()].filter((g) => g.items.length > 0);
}

/** A group as the list shows it: `key` tells apart two groups of one section; `gone` are rows no longer listed. */
export interface ShownGroup extends Group {
  key: string;
  gone: ReadonlySet<string>;
}

/**
 * The list the user is looking at, with its rows in their places (issue 29): while the query stays,
 * a row that showed stays where it showed, so the row under the pointer or the keyboard selection
 * does not move. Rows that arrive later (an API's answer, a feature's new commands) go below
 * every row shown, in groups of their own, `late` of them at most; a row that is no longer listed
 * stays, in `gone`, until the query changes, and a group's count of more rows stays as it showed.
 * `listed` gives a command that is still listed (also beyond what the list draws), as it is now.
 */
export function keepPlaces(
  shown: readonly ShownGroup[] | null,
  next: readonly Group[],
  listed: (id: string) => Command | undefined,
  late: number,
): ShownGroup[] {
  if (!shown) return next.map((g) => ({ ...g, key: g.heading, gone: new Set() }));
  const placed = new Set<string>();
  const out = shown.map((g): ShownGroup => {
    const gone = new Set<string>();
    const items = g.items.map((c) => {
      placed.add(c.id);
      const now = listed(c.id);
      if (!now) gone.add(c.id);
      return now ?? c;
    });
    return { ...g, items, gone };
  });
  let added = 0;
  for (const g of next)
    for (const c of g.items) {
      if (placed.has(c.id) || added >= late) continue;
      placed.add(c.id);
      added++;
      const last = out.at(-1);
      if (last?.heading === g.heading) last.items.push(c);
      else out.push({ heading: g.heading, key: `${g.heading}#${out.length}`, items: [c], more: 0, gone: new Set() });
    }
  return out;
}
