/**
 * The badges a user carries wherever we show them (activity entries, the mini profile). No DOM.
 */

/** The donator badge: above tier 0; the user's own text above tier 3 ('Donator' below, or when blank); rainbow above tier 4. */
export function donatorBadge(user: {
  donatorTier?: number | null;
  donatorBadge?: string | null;
}): { text: string; rainbow: boolean } | null {
  const tier = user.donatorTier ?? 0;
  if (tier <= 0) return null;
  const own = user.donatorBadge?.trim();
  return { text: tier > 3 && own ? own : 'Donator', rainbow: tier > 4 };
}
