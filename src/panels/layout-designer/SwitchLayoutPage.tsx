import { Command as Cmdk } from 'cmdk';
import type { PalettePageProps } from '../../commands/types';
import { commitLayouts, layoutLabel, layoutsKey, normalize, selectLayout } from '../../data/layout-designer';
import { useStored } from '../hooks';

/** The palette page 'Switch layout': the saved layouts, filtered by the palette's input; picking one selects it. */
export function SwitchLayoutPage({ query, ctx, close }: PalettePageProps) {
  const state = normalize(useStored(layoutsKey));
  const q = query.trim().toLowerCase();
  const items = state.layoutsList
    .map((layout, index) => ({ index, label: layoutLabel(layout, index) }))
    .filter((i) => i.label.toLowerCase().includes(q));
  if (!items.length) return <Cmdk.Empty>No layout matches.</Cmdk.Empty>;
  return (
    <Cmdk.Group heading="Switch layout">
      {items.map(({ index, label }) => (
        <Cmdk.Item
          key={index}
          value={`layout/${index}`}
          className="vv-item"
          onSelect={() => {
            commitLayouts(ctx.store, (s) => selectLayout(s, index));
            close();
          }}
        >
          <span className="vv-item-title">{label}</span>
          {index === state.selectedLayout && <span className="vv-item-hint">selected</span>}
        </Cmdk.Item>
      ))}
    </Cmdk.Group>
  );
}
