import { Command as Cmdk } from 'cmdk';
import { useEffect, useMemo, useState } from 'react';
import { effectiveHotkey, formatHotkey } from '../../commands/hotkeys';
import type { Command, CommandContext } from '../../commands/types';
import { frecencyKey, hotkeysKey, quickStartConfigKey, settingsKey } from '../../data/config';
import { IdentityLockMark, NeedsAuthMark } from '../common/LockIcon';
import { useRecomputed, useStored } from '../hooks';
import { groupRanked, keepPlaces, ON_PAGE, rankCommands, RECENT, type ShownGroup } from './rank';

/** The palette's Dashboard: every command of the registry, ranked and grouped by section, each with its hotkey. */

const PER_GROUP = 60;
/** Items rendered at once, over all groups; more matches are counted, not drawn. */
const MAX_ITEMS = 24;
const LIFTED = 5;

function CommandRow({ command, ctx, hotkey }: { command: Command; ctx: CommandContext; hotkey: string | null }) {
  let hint: string | undefined;
  try {
    hint = command.hint?.(ctx);
  } catch {
    hint = undefined;
  }
  const locked = command.authRequired && !ctx.authorized;
  const lockedAsYou = !locked && command.actsAsYou && ctx.identity.mismatch;
  return (
    <>
      <span className="vv-item-title">
        {command.title}
        {locked && <NeedsAuthMark />}
        {lockedAsYou && <IdentityLockMark />}
      </span>
      {hint !== undefined && <span className="vv-item-hint">{hint}</span>}
      {hotkey && <kbd className="vv-kbd">{formatHotkey(hotkey)}</kbd>}
    </>
  );
}

/**
 * Runs a command picked in the palette: pages open in place, others close the palette first. It
 * acts on what had focus before the palette opened (a reply, an editor), as its row was listed for.
 */
function pick(command: Command, ctx: CommandContext, close: () => void): void {
  if (!command.page && !command.keepOpen) close();
  void ctx.run(command.id, ctx.focused);
}

interface Kept {
  query: string;
  groups: ShownGroup[];
}

export function Dashboard({ query, ctx, close }: { query: string; ctx: CommandContext; close(): void }) {
  const usage = useStored(frecencyKey);
  // Frecency is measured from when the list opened, or from the latest use since: the order of
  // any two commands only depends on it while it is not before their last use.
  const [openedAt] = useState(() => Date.now());
  const newestUse = useMemo(() => Object.values(usage).reduce((max, u) => Math.max(max, u.last), 0), [usage]);
  const overrides = useStored(hotkeysKey);
  // Hints and `when` read settings and the QuickStart config: re-list when they change.
  const settingsNow = useStored(settingsKey);
  const configNow = useStored(quickStartConfigKey);
  const { registry } = ctx;
  const [version, setVersion] = useState(0);
  useEffect(() => registry.subscribe(() => setVersion((v) => v + 1)), [registry]);

  // What may be listed depends on the context and settings, not on the query: computed once per open,
  // and again when features say their commands changed (`version`) or the settings and QuickStart
  // config that toggles and `when` read (through ctx) change.
  const visible = useRecomputed(
    () =>
      registry.commands(ctx).filter((c) => {
        try {
          return registry.allows(c, ctx);
        } catch {
          return false;
        }
      }),
    [registry, ctx, version, settingsNow, configNow],
  );
  const relevantIds = useMemo(() => {
    const ids = new Set<string>();
    for (const c of visible) {
      try {
        if (c.relevant?.(ctx)) ids.add(c.id);
      } catch {
        /* a failing check means "not relevant" */
      }
    }
    return ids;
  }, [visible, ctx]);

  const listing = useMemo(() => {
    const relevant = (c: Command) => relevantIds.has(c.id);
    const ranked = rankCommands(visible, { query, usage, relevant, now: Math.max(openedAt, newestUse) });
    // Before typing, every section shows a fair share of the items drawn (and counts the rest).
    const sections = new Set(visible.map((c) => c.section)).size + 2;
    const perGroup = query.trim() ? PER_GROUP : Math.max(3, Math.floor(MAX_ITEMS / sections));
    const grouped = groupRanked(ranked, { query, usage, relevant, perGroup, recent: LIFTED, total: MAX_ITEMS });
    // 'displayAllResultsOnEmpty' off: before typing, only what is relevant here or recently used.
    if (!query.trim() && !configNow.displayAllResultsOnEmpty)
      return { ranked, grouped: grouped.filter((g) => g.heading === ON_PAGE || g.heading === RECENT) };
    return { ranked, grouped };
  }, [visible, relevantIds, query, usage, configNow, openedAt, newestUse]);
  // While the query stays, rows keep their places: what arrives later goes below (keepPlaces).
  const { groups } = useRecomputed<Kept>(
    (before) => {
      let byId: Map<string, Command> | undefined;
      const listed = (id: string) => (byId ??= new Map(listing.ranked.map((r) => [r.command.id, r.command]))).get(id);
      return { query, groups: keepPlaces(before?.query === query ? before.groups : null, listing.grouped, listed, MAX_ITEMS) };
    },
    [listing],
  );

  // The same rows for the render that stores the kept places: nothing to compare again.
  const rows = useMemo(
    () =>
      groups.map((group) => (
        <Cmdk.Group key={group.key} value={group.key} heading={group.heading} className="vv-group">
          {group.items.map((command) => (
            <Cmdk.Item
              key={`${group.heading}/${command.id}`}
              value={`${group.heading}/${command.id}`}
              className="vv-item"
              disabled={group.gone.has(command.id)}
              onSelect={() => pick(command, ctx, close)}
              data-command={command.id}
            >
              <CommandRow command={command} ctx={ctx} hotkey={effectiveHotkey(command, overrides)} />
            </Cmdk.Item>
          ))}
          {group.more > 0 && <div className="vv-more">{group.more} more: keep typing to narrow down</div>}
        </Cmdk.Group>
      )),
    [groups, ctx, close, overrides],
  );
  if (!groups.length)
    return <Cmdk.Empty className="vv-empty">{query.trim() ? `No results for “${query}”.` : 'Type to search every command.'}</Cmdk.Empty>;
  return <>{rows}</>;
}
