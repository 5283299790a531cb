import { API_ERROR_TEXTS, wrapFailure } from './api-errors';
import { mutation } from './graphql';
import { ownerForWrite, type Account } from './identity';
import { write, type ReadContext } from './swr';

/**
 * The self message: a message activity the token's owner posts to their own profile. No DOM here.
 */

/** SaveMessageActivity with the message, private false and the viewer as recipient; the answer carries the new id. */
export const saveSelfMessage = mutation<
  { SaveMessageActivity: { id: number } | null },
  { message: string; recipientId: number; private: boolean }
>(
  'mutation SaveMessageActivity($message: String, $recipientId: Int, $private: Boolean) { SaveMessageActivity(message: $message, recipientId: $recipientId, private: $private) { id } }',
);

/**
 * Posts the self message and resolves with the new activity's id; any failure (also an answer
 * without an id) is 'Failed to publish a self-message'.
 */
export function publishSelfMessage(ctx: ReadContext, message: string, recipientId: number): Promise<number> {
  return wrapFailure(API_ERROR_TEXTS.selfMessage, async () => {
    const data = await write(ctx, saveSelfMessage, { message, recipientId, private: false });
    const id = data.SaveMessageActivity?.id;
    if (typeof id !== 'number') throw new Error('The answer carried no activity id.');
    return id;
  });
}

/**
 * The self message as the feature sends it: to the token's owner as AniList reports them (the
 * account the message is posted from), refused when `site`, the account signed in to the site,
 * is another one. Resolves with the new activity's id.
 */
export async function publishToOwner(ctx: ReadContext, message: string, site: Account | null): Promise<number> {
  const owner = await ownerForWrite(ctx, site);
  return publishSelfMessage(ctx, message, owner.id);
}

export const SELF_MESSAGE_TEXTS = {
  publishing: 'Self-publishing a message.',
  failed: 'There was an error self-publishing a message.',
  published: 'Message self-published.',
  empty: 'Write your message in the composer first, then Message Self.',
};
