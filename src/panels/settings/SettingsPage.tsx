import { useEffect, useState } from 'react';
import { settingsTabKey } from '../../data/config';
import { CATEGORIES, type Category, type CommandContext } from '../../commands/types';
import { settingsKey } from '../../data/config';
import { authKey } from '../../data/auth';
import { useStored } from '../hooks';
import { ErrorBoundary } from '../ErrorBoundary';
import { FilterBox } from '../common/FilterBox';
import { TabList } from '../common/TabList';

import { OptionControl } from './OptionControl';
import { SmallButton } from '../common/SmallButton';

/** The tab the page falls back to when the active one is hidden (else the first tab). */
const FALLBACK_TAB = 'users';

/**
 * The product's settings page at /settings/developer, generated from the registry: every option by
 * category, then the feature panels (sub-tabs), each shown only while its option is on.
 */
export function SettingsPage({ ctx }: { ctx: CommandContext }) {
  useStored(settingsKey);
  useStored(authKey);
  const [category, setCategory] = useState<'all' | Category>('all');
  const [filter, setFilter] = useState('');
  const tabs = ctx.registry.panels('settings-tab').filter((t) => !t.option || ctx.settings.get(t.option) === true);
  const fallback = tabs.find((t) => t.title === FALLBACK_TAB) ?? tabs[0];
  // The open tab is remembered, so coming back (from AniList's authorization page, say) shows it again.
  const tabId = useStored(settingsTabKey) ?? fallback?.id;
  const setTabId = (id: string | undefined) => ctx.store.set(settingsTabKey, id ?? null);
  const activeTab = tabs.find((t) => t.id === tabId) ?? fallback;
  const hidden = !!tabId && !tabs.some((t) => t.id === tabId);
  useEffect(() => {
    if (hidden) ctx.store.set(settingsTabKey, fallback?.id ?? null);
  }, [hidden, fallback, ctx.store]);
  // The palette and the page share one services object; refresh the context's authorization.
  const live = ctx.context(null);

  const needle = filter.trim().toLowerCase();
  const options = ctx.registry
    .options()
    .filter((o) => category === 'all' || o.category === category)
    .filter((o) => !needle || `${o.title} ${o.description} ${o.key} ${o.category}`.toLowerCase().includes(needle));

  return (
    <section className="vv-settings" aria-labelledby="vv-settings-title">
      <header className="vv-settings-header">
        <h2 id="vv-settings-title" className="vv-heading">
          VoidVerified Palette <span className="vv-subtle">v{__VERSION__}</span>
        </h2>
        <span className="vv-actions">
          {/* The build's package.json address; none until the project has a public home. */}
          {__HOMEPAGE__ && (
            <a className="vv-link" href={__HOMEPAGE__} target="_blank" rel="noopener noreferrer">
              Authors and source
            </a>
          )}
          <SmallButton onClick={() => void live.run('changelog.open')}>View Changelog</SmallButton>
        </span>
      </header>
      <TabList label="Setting categories" tabs={['all', ...CATEGORIES] as const} selected={category} onSelect={setCategory}>
        {(c) => c}
      </TabList>
      <FilterBox label="Filter settings" placeholder="Filter settings" value={filter} onChange={setFilter} />
      <div className="vv-options" role="tabpanel" aria-label={`${category} settings`}>
        {options.map((option) => (
          <OptionControl key={option.key} option={option} ctx={live} planned={ctx.registry.featureOfOption(option.key)?.planned === true} />
        ))}
        {!options.length && <p className="vv-note">No setting matches.</p>}
      </div>
      {tabs.length > 0 && (
        <>
          <TabList label="Feature settings" tabs={tabs.map((t) => t.id)} selected={activeTab?.id} onSelect={setTabId}>
            {(tabId) => tabs.find((t) => t.id === tabId)?.title}
          </TabList>
          {activeTab && (
            <div className="vv-subtab" role="tabpanel" aria-label={activeTab.title}>
              <ErrorBoundary key={activeTab.id} name={activeTab.title}>
                <activeTab.component ctx={live} />
              </ErrorBoundary>
            </div>
          )}
        </>
      )}
    </section>
  );
}
