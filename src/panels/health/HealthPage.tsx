import { Command as Cmdk } from 'cmdk';
import type { PalettePageProps } from '../../commands/types';

/**
 * 'Health': for the current page, every enabled injection whose host landmark is missing, so a
 * change on AniList shows at once instead of as a silent gap; plus injections that failed.
 */
/** `remaining`: the API's requests left this minute, as the client last heard (null: not known). */
export function HealthPage({ ctx, remaining }: PalettePageProps & { remaining: number | null }) {
  const missing = ctx.diagnostics.missingLandmarks();
  const failures = ctx.diagnostics.failures();
  const active = ctx.diagnostics.activeInjections();
  return (
    <div className="vv-health" role="region" aria-label="Health">
      <Cmdk.Group heading={`This page (${ctx.path})`}>
        {missing.length === 0 ? (
          <Cmdk.Item value="ok">All {active.length} active injections found their landmarks.</Cmdk.Item>
        ) : (
          missing.map((m) => (
            <Cmdk.Item key={`${m.feature}/${m.injection}`} value={`${m.feature}/${m.injection}`} data-missing={m.injection}>
              Missing landmark for {m.feature}/{m.injection}: <code>{m.selector}</code>
            </Cmdk.Item>
          ))
        )}
      </Cmdk.Group>
      {failures.length > 0 && (
        <Cmdk.Group heading="Failures">
          {failures.slice(-10).map((f, i) => (
            <Cmdk.Item key={i} value={`failure-${i}`}>
              {f.feature}/{f.injection}: {f.error instanceof Error ? f.error.message : String(f.error)}
            </Cmdk.Item>
          ))}
        </Cmdk.Group>
      )}
      <Cmdk.Group heading="API">
        <Cmdk.Item value="api">
          {ctx.authorized ? 'Authorized.' : 'Not authorized.'} Remaining requests this minute: {remaining ?? 'unknown'}.
        </Cmdk.Item>
      </Cmdk.Group>
    </div>
  );
}
