import type { CommandContext } from '../../commands/types';
import { deleteDraft, DRAFTS_TEXTS, draftsKey, overrideDraft, saveNewDraft, type Draft } from '../../data/markdown-drafts';
import { replaceRange, type TextField } from '../../inject/editor-text';

/**
 * What the drafts popover, the palette page and the commands do (C9), each with its texts and
 * confirmations as 2.0.3 has them; the owner of the action says what went wrong.
 */

type Ctx = Pick<CommandContext, 'store' | 'toasts' | 'confirm' | 'prompt'>;

/** Asks for a name and saves the editor's text as a new draft. */
export async function saveNew(ctx: Ctx, editor: TextField): Promise<void> {
  const content = editor.value;
  if (!content) return void ctx.toasts.error(DRAFTS_TEXTS.empty);
  const name = await ctx.prompt(DRAFTS_TEXTS.promptTitle, DRAFTS_TEXTS.promptPlaceholder);
  if (name === null) return;
  const next = saveNewDraft(ctx.store.get(draftsKey), name, content, new Date());
  if (typeof next === 'string') return void ctx.toasts.error(next);
  ctx.store.set(draftsKey, next);
}

/** Overwrites a draft with the editor's text, once confirmed. */
export async function override(ctx: Ctx, editor: TextField, draft: Draft): Promise<void> {
  const content = editor.value;
  if (!content) return void ctx.toasts.error(DRAFTS_TEXTS.empty);
  if (!(await ctx.confirm(DRAFTS_TEXTS.override(draft.name)))) return;
  const next = overrideDraft(ctx.store.get(draftsKey), draft.name, content, new Date());
  if (typeof next === 'string') return void ctx.toasts.error(next);
  ctx.store.set(draftsKey, next);
}

export async function remove(ctx: Ctx, draft: Draft): Promise<void> {
  if (await ctx.confirm(DRAFTS_TEXTS.remove(draft.name))) ctx.store.update(draftsKey, (list) => deleteDraft(list, draft.name));
}

/**
 * Whether loading may replace the editor's text (asked when it has some). `before` runs once it
 * may (closing the popover or the palette); the text is then replaced as one edit, with the
 * `input` event AniList's editor listens to.
 */
export async function load(ctx: Ctx, editor: TextField, draft: Draft, before: () => void): Promise<void> {
  if (editor.value && !(await ctx.confirm(DRAFTS_TEXTS.loseWork))) return;
  before();
  // After the dialog has closed and handed focus back, so the edit is not pulled into it.
  setTimeout(() => editor.isConnected && replaceRange(editor, 0, editor.value.length, draft.content), 0);
}
