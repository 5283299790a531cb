import type { CommandContext } from '../../commands/types';
import { authKey } from '../../data/auth';
import { cachedOwner, identityOf, tokenOwnerQuery, type Identity } from '../../data/identity';
import { useStored } from '../hooks';
import { useQuery } from '../query';

/**
 * The token's owner as AniList reports it (asked once per token and hour through the read cache),
 * the account signed in to the site, and whether they differ: for panels that name whose data they
 * write or show the identity lock.
 */
export function useIdentity(ctx: CommandContext): Identity {
  useStored(authKey);
  const token = ctx.auth.token();
  // Asks (or reads the cached answer) and re-renders when it arrives; the owner is then read from
  // the cache by the current token, so an answer about a previous token is never shown. SWR
  // re-renders a component only for the fields it read: reading `data` is what subscribes it.
  void useQuery(ctx, tokenOwnerQuery, token ? {} : null).data;
  const site = ctx.auth.viewer();
  return identityOf(cachedOwner(ctx, token), site && { id: site.id, name: site.name });
}
