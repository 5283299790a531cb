import { useEffect, useState } from 'react';
import { CATEGORIES, type Category, type CommandContext } from '../../commands/types';
import { settingsKey } from '../../data/config';
import { useStored } from '../hooks';
import { ErrorBoundary } from '../ErrorBoundary';
import { OptionControl } from './OptionControl';

/**
 * The product's settings page at /settings/developer, generated from the registry: every option by
 * category, then the feature panels (sub-tabs), each shown only while its option is on.
 */
export function SettingsPage({ ctx }: { ctx: CommandContext }) {
  useStored(settingsKey);
  const [category, setCategory] = useState<'all' | Category>('all');
  const [filter, setFilter] = useState('');
  const tabs = ctx.registry.panels('settings-tab').filter((t) => !t.option || ctx.settings.get(t.option) === true);
  const [tabId, setTabId] = useState(tabs[0]?.id);
  const activeTab = tabs.find((t) => t.id === tabId) ?? tabs[0];
  useEffect(() => {
    if (tabId && !tabs.some((t) => t.id === tabId)) setTabId(tabs[0]?.id);
  }, [tabs, tabId]);

  const needle = filter.trim().toLowerCase();
  const options = ctx.registry
    .options()
    .filter((o) => category === 'all' || o.category === category)
    .filter((o) => !needle || `${o.title} ${o.description} ${o.key}`.toLowerCase().includes(needle));

  return (
    <section className="vv-settings" aria-labelledby="vv-settings-title">
      <header className="vv-settings-header">
        <h2 id="vv-settings-title" className="vv-heading">
          VoidVerified Palette <span className="vv-subtle">v{__VERSION__}</span>
        </h2>
        <a className="vv-link" href="https://github.com/voidverified-palette/voidverified-palette" target="_blank" rel="noopener noreferrer">
          Authors and source
        </a>
      </header>
      <div className="vv-tabs" role="tablist" aria-label="Setting categories">
        {(['all', ...CATEGORIES] as const).map((c) => (
          <button key={c} type="button" role="tab" aria-selected={category === c} className="vv-tab" onClick={() => setCategory(c)}>
            {c}
          </button>
        ))}
      </div>
      <input
        className="vv-filter"
        type="search"
        placeholder="Filter settings"
        aria-label="Filter settings"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <div className="vv-options" role="tabpanel" aria-label={`${category} settings`}>
        {options.map((option) => (
          <OptionControl key={option.key} option={option} ctx={ctx} />
        ))}
        {!options.length && <p className="vv-note">No setting matches.</p>}
      </div>
      {tabs.length > 0 && (
        <>
          <div className="vv-tabs" role="tablist" aria-label="Feature settings">
            {tabs.map((t) => (
              <button key={t.id} type="button" role="tab" aria-selected={activeTab?.id === t.id} className="vv-tab" onClick={() => setTabId(t.id)}>
                {t.title}
              </button>
            ))}
          </div>
          {activeTab && (
            <div className="vv-subtab" role="tabpanel" aria-label={activeTab.title}>
              <ErrorBoundary key={activeTab.id} name={activeTab.title}>
                <activeTab.component ctx={ctx} />
              </ErrorBoundary>
            </div>
          )}
        </>
      )}
    </section>
  );
}
