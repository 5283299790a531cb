import { useEffect, useState } from 'react';
import type { CommandContext } from '../../commands/types';
import { DRAFTS_TEXTS, draftsKey, draftsUnreadable, type Draft } from '../../data/markdown-drafts';
import type { TextField } from '../../inject/editor-text';
import { Tooltip } from '../common/Tooltip';
import { useStored } from '../hooks';
import { load, override, remove, saveNew } from './actions';
import { DraftInfo } from './DraftInfo';
import { SmallButton } from '../common/SmallButton';

/** Whether the stored drafts could not be read (said once, above the list). */
function useUnreadable(ctx: Pick<CommandContext, 'store'>): boolean {
  const [unreadable, setUnreadable] = useState(false);
  useEffect(() => {
    let live = true;
    void draftsUnreadable(ctx.store).then((yes) => live && setUnreadable(yes));
    return () => void (live = false);
  }, [ctx.store]);
  return unreadable;
}

function DraftRow({ ctx, editor, draft, close }: { ctx: CommandContext; editor: TextField; draft: Draft; close(): void }) {
  return (
    <li className="vv-draft">
      <Tooltip content={<DraftInfo draft={draft} />}>
        <span className="vv-draft-name" tabIndex={0}>
          {draft.name}
        </span>
      </Tooltip>
      <SmallButton title="Save Draft" onClick={() => void override(ctx, editor, draft)}>
        Save
      </SmallButton>
      <SmallButton title="Load Draft" onClick={() => void load(ctx, editor, draft, close)}>
        Load
      </SmallButton>
      <SmallButton title="Delete Draft" onClick={() => void remove(ctx, draft)}>
        Delete
      </SmallButton>
    </li>
  );
}

/**
 * The drafts popover of an editor (C9), in our dialog titled "Drafts": each draft with Save, Load
 * and Delete, its name showing its time and counts on hover or focus, and "Save New Draft".
 * Escape closes it and focus goes back to the editor.
 */
export function DraftsPopover({ ctx, editor, close }: { ctx: CommandContext; editor: TextField | null; close(): void }) {
  const drafts = useStored(draftsKey);
  const unreadable = useUnreadable(ctx);
  if (!editor?.isConnected) return <p className="vv-note">{DRAFTS_TEXTS.noEditor}</p>;
  return (
    <div className="vv-drafts">
      {unreadable && (
        <p className="vv-error" role="alert">
          {DRAFTS_TEXTS.unreadable}
        </p>
      )}
      {drafts.length > 0 && (
        <ul className="vv-drafts-list" aria-label="Drafts">
          {drafts.map((draft) => (
            <DraftRow key={draft.name} ctx={ctx} editor={editor} draft={draft} close={close} />
          ))}
        </ul>
      )}
      <button type="button" className="vv-button" onClick={() => void saveNew(ctx, editor)}>
        Save New Draft
      </button>
    </div>
  );
}
