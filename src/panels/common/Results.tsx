import type { ReactNode } from 'react';

/**
 * A palette page's results, marked busy (`aria-busy`) while they are not yet the results for what
 * was typed: a search waiting for its debounce or its answer still shows the rows of what was typed
 * before. The palette holds an Enter pressed meanwhile and runs the top row once they are.
 */
export function Results({ pending, children }: { pending: boolean; children: ReactNode }) {
  return <div aria-busy={pending || undefined}>{children}</div>;
}
