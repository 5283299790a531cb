import { Fragment, jsx as createVNode } from 'preact/jsx-runtime';

/**
 * The automatic JSX runtime the bundle's JSX calls (ours, cmdk's, Radix's) under React's own name:
 * Preact's runtime exports its one function, `createVNode`, as `jsx` and `jsxs`, and the bundle
 * would name each of its thousand calls after it, with a suffix (`createVNode2(…)`: Preact's core
 * has a `createVNode` of its own). tsup.config.ts resolves `react/jsx-runtime` here; the function is
 * Preact's, unchanged.
 */
export const jsx = createVNode;
export { Fragment, jsx as jsxs };
