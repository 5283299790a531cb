/** The authorization mark: a small padlock drawn as SVG (emoji fonts are not everywhere). */
export function LockIcon() {
  return (
    <svg className="vv-lock" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M4 7V5a4 4 0 1 1 8 0v2h.5A1.5 1.5 0 0 1 14 8.5v5a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 2 13.5v-5A1.5 1.5 0 0 1 3.5 7zm2 0h4V5a2 2 0 1 0-4 0z"
      />
    </svg>
  );
}

/** The mark beside a command or feature that needs authorization while the user has not given it. */
export function NeedsAuthMark() {
  return (
    <span className="vv-auth-mark" title="Needs authorization">
      {' '}
      <LockIcon />
      <span className="vv-sr-only"> needs authorization</span>
    </span>
  );
}

/**
 * The mark beside a command that acts as "you" while the account signed in to AniList is not the one
 * VoidVerified is authorized for (running it says which two).
 */
export function IdentityLockMark() {
  return (
    <span className="vv-auth-mark" title="Locked: another account is signed in to AniList than the one VoidVerified is authorized for">
      {' '}
      <LockIcon />
      <span className="vv-sr-only"> locked: another account is signed in</span>
    </span>
  );
}
