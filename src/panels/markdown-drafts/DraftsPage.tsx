import { Command as Cmdk } from 'cmdk';
import type { CommandContext, PalettePageProps } from '../../commands/types';
import { timeConfigKey } from '../../data/dates';
import { DRAFTS_TEXTS, draftsKey, firstLine, type Draft } from '../../data/markdown-drafts';
import type { TextField } from '../../inject/editor-text';
import { fuzzyScore } from '../../data/fuzzy';
import { useStored } from '../hooks';
import { load, remove } from './actions';
import { savedAt } from './DraftInfo';

/**
 * The palette page 'Drafts': every draft with its time and first line; Enter loads it into the
 * editor that had focus before the palette opened (asking first when that editor has text), and
 * the Delete group deletes one (asking first).
 */
export function DraftsPage({ ctx, close, target, query }: PalettePageProps & { target(ctx: CommandContext): TextField | null }) {
  const stored = useStored(draftsKey);
  const timeConfig = useStored(timeConfigKey);
  if (!stored.length) return <Cmdk.Empty>No drafts yet: run “Save draft” in an editor to keep its text.</Cmdk.Empty>;
  const drafts = matching(stored, query);
  if (!drafts.length) return <Cmdk.Empty>No draft matches “{query.trim()}”.</Cmdk.Empty>;
  const editor = target(ctx);
  return (
    <>
      <Cmdk.Group heading={editor ? 'Load into the editor' : DRAFTS_TEXTS.noEditor} className="vv-group">
        {drafts.map((draft) => (
          <Cmdk.Item
            key={draft.name}
            value={`load ${draft.name} ${firstLine(draft.content)}`}
            className="vv-item"
            disabled={!editor}
            onSelect={() => editor && void load(ctx, editor, draft, close)}
          >
            <span className="vv-item-title">{draft.name}</span>
            <span className="vv-draft-line">{firstLine(draft.content)}</span>
            <span className="vv-item-hint">{savedAt(draft, timeConfig)}</span>
          </Cmdk.Item>
        ))}
      </Cmdk.Group>
      <Cmdk.Group heading="Delete" className="vv-group">
        {drafts.map((draft) => (
          <Cmdk.Item key={draft.name} value={`delete ${draft.name}`} className="vv-item" onSelect={() => void remove(ctx, draft)}>
            <span className="vv-item-title">Delete draft {draft.name}</span>
          </Cmdk.Item>
        ))}
      </Cmdk.Group>
    </>
  );
}

/** The drafts whose name or first line matches what was typed, best first (all, in their order, when nothing is). */
function matching(drafts: readonly Draft[], query: string): readonly Draft[] {
  const typed = query.trim().toLowerCase();
  if (!typed) return drafts;
  return drafts
    .map((draft) => ({ draft, score: fuzzyScore(typed, `${draft.name} ${firstLine(draft.content)}`.toLowerCase()) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((x) => x.draft);
}
