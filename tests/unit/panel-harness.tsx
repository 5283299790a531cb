import type { ReactNode } from 'react';
import { features } from '../../src/commands/features';
import { Registry } from '../../src/commands/registry';
import type { FeatureDef } from '../../src/commands/types';
import { Providers } from '../../src/panels/overlay';
import { makeTestServices } from './helpers';

/**
 * Test services over a registry of `defined` (every feature by default), and `wrap`, which puts a
 * panel inside the providers its owner gives it (services, and a container for Radix portals).
 */
export function panelHarness(defined: readonly FeatureDef[] = features, options: Parameters<typeof makeTestServices>[1] = {}) {
  const registry = new Registry();
  defined.forEach((f) => registry.define(f));
  const t = makeTestServices(registry, options);
  const container = document.createElement('div');
  document.body.append(container);
  const wrap = (node: ReactNode) => (
    <Providers services={t.services} container={container} name="test">
      {node}
    </Providers>
  );
  return { ...t, registry, wrap, container };
}
