import type { ComponentType, ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { queryCache } from '../data/swr';
import { useServices } from './hooks';

export { useQuery, usePagedRead, useRead, type QueryDocument } from '../data/swr-hooks';

/**
 * Wraps a component that reads with `useQuery` in SWR's provider over the store's query cache (the
 * one `read` uses), so hooks and non-React reads share answers and requests. Only such components
 * carry it: SWR is evaluated when the first of them renders, not with every React tree of ours.
 */
export function withQueryCache<P extends object>(Component: ComponentType<P>): (props: P) => ReactElement {
  function WithQueryCache(props: P) {
    const { store } = useServices();
    return (
      <SWRConfig value={{ provider: () => queryCache(store) }}>
        <Component {...props} />
      </SWRConfig>
    );
  }
  return WithQueryCache;
}
