import { useState } from 'react';
import type { CommandContext } from '../../commands/types';
import { DRAFTS_TEXTS, draftsKey, firstLine, removeAutoDraft, type Draft } from '../../data/markdown-drafts';
import { replaceRange, type TextField } from '../../inject/editor-text';
import { SmallButton } from '../common/SmallButton';

/**
 * Under an editor opened again with an automatic draft of its place: the notice and its two
 * buttons, next in the tab order after the editor. Restore puts the text back (the draft stays
 * until it is sent, so leaving again keeps it); Discard deletes the draft.
 */
export function AutoDraftOffer({ ctx, editor, draft }: { ctx: Pick<CommandContext, 'store'>; editor: TextField; draft: Draft }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const restore = () => {
    setOpen(false);
    replaceRange(editor, 0, editor.value.length, draft.content);
  };
  const discard = () => {
    setOpen(false);
    ctx.store.update(draftsKey, (list) => removeAutoDraft(list, draft.place));
    editor.focus();
  };
  return (
    <div className="vv-auto-draft" role="status">
      <span className="vv-auto-draft-text">
        {DRAFTS_TEXTS.kept} <q>{firstLine(draft.content).slice(0, 80)}</q>
      </span>
      <SmallButton primary onClick={restore}>
        Restore
      </SmallButton>
      <SmallButton onClick={discard}>Discard</SmallButton>
    </div>
  );
}
