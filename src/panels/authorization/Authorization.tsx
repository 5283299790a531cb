import type { CommandContext } from '../../commands/types';
import { LockIcon } from '../common/LockIcon';
import { authKey } from '../../data/auth';
import { IDENTITY_TEXTS } from '../../data/identity';
import { timeConfigKey } from '../../data/dates';
import { useIdentity } from '../common/useIdentity';
import { useStored } from '../hooks';
import { Section } from '../common/Section';

/**
 * The authorization area: an authenticate link while there is no valid unexpired token, otherwise
 * the account the token is for (as AniList says), the expiry date and a revoke button; when another
 * account is signed in to the site, why the features that act as you are locked. Options marked
 * with the lock need this.
 */
export function Authorization({ ctx, formatDate }: { ctx: CommandContext; formatDate: (ms: number) => string }) {
  const auth = useStored(authKey);
  useStored(timeConfigKey);
  const { owner, site, mismatch } = useIdentity(ctx);
  const token = ctx.auth.token();
  // Without a valid token, a stored expiry date is a past one: an expired token is forgotten at its
  // expiry with its date kept to say so (TokenExpiryWatcher), and revoking forgets both.
  const expired = token === null && auth.expires !== null;
  return (
    <Section className="vv-authorization" title="Authorization">
      {token ? (
        <>
          <p className="vv-note">
            VoidVerified is authorized{owner ? ` for ${owner.name}` : ''}.{' '}
            {auth.expires !== null ? `The token expires on ${formatDate(auth.expires)}.` : 'The token has no expiry date.'}
          </p>
          {mismatch && owner && site && (
            <>
              <p className="vv-note vv-identity-lock" role="note">
                <LockIcon /> {IDENTITY_TEXTS.mismatch(owner.name, site.name)}
              </p>
              <button type="button" className="vv-button vv-button-primary" onClick={() => void ctx.run('authorization.authorize')}>
                Authorize again as {site.name}
              </button>
            </>
          )}
          <button type="button" className="vv-button" onClick={() => void ctx.run('authorization.revoke')}>
            Revoke authorization
          </button>
          <p className="vv-note">
            Revoking forgets the token on this browser. To remove the app from your AniList account as well, open{' '}
            <a className="vv-link" href="https://anilist.co/settings/apps">
              Settings › Apps
            </a>
            .
          </p>
        </>
      ) : (
        <>
          <p className="vv-note">
            {expired && auth.expires !== null ? `Your token expired on ${formatDate(auth.expires)}. ` : ''}
            Some features (marked <LockIcon />) read or change your AniList data through the API, and need you to authorize VoidVerified
            first. AniList asks you to approve, then sends you back here.
          </p>
          {/* A button, not a link to the authorize page: the flow must start here, which stores the
              marker its return is checked against (a link opened in another tab would skip it). */}
          <button type="button" className="vv-button vv-button-primary" onClick={() => void ctx.run('authorization.authorize')}>
            Authenticate VoidVerified
          </button>
        </>
      )}
    </Section>
  );
}
