/** What a refresh of the Quick Access users says. */
export const QUICK_ACCESS_TEXTS = { updated: 'Quick Access users updated.', failed: 'Querying Quick Access failed.' };
