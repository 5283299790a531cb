import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { CommandContext } from '../../commands/types';
import { globalCssKey } from '../../data/global-css';
import { settingsKey } from '../../data/config';
import { useStored } from '../hooks';
import { Section } from '../common/Section';

const CssEditor = lazy(() => import('./codemirror/CssEditor'));

/** Saved this long after the last keystroke; the page restyles as you type. */
const SAVE_DELAY_MS = 300;

/**
 * The global CSS editor: CodeMirror with the CSS language only (no basic-setup bundle). Edits are
 * stored shortly after typing stops, and the global-css style element follows the stored text.
 */
export function GlobalCss({ ctx }: { ctx: CommandContext }) {
  useStored(settingsKey);
  const [draft, setDraft] = useState(() => ctx.store.get(globalCssKey));
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const enabled = ctx.settings.get('globalCssEnabled') === true;

  // Another tab (or an import) changed the stored CSS while nothing is pending here: follow it, told
  // each value when it is stored. An effect on the rendered value could run late on a stalled page
  // (Preact runs it at the next render, after a later save) and set the draft back to an earlier save.
  useEffect(
    () =>
      ctx.store.subscribe(globalCssKey, (value) => {
        if (!pending.current) setDraft(value);
      }),
    [ctx.store],
  );
  useEffect(() => () => flush(), []);

  function flush() {
    if (!pending.current) return;
    clearTimeout(pending.current);
    pending.current = null;
  }

  function change(value: string) {
    setDraft(value);
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      pending.current = null;
      ctx.store.set(globalCssKey, value);
    }, SAVE_DELAY_MS);
  }

  return (
    <Section className="vv-global-css" title="Global CSS">
      <p className="vv-note">
        Applied to every AniList page {enabled ? 'now' : 'once “Enable custom global CSS” is on'}. Changes apply as you type.
      </p>
      <Suspense fallback={<p className="vv-note">Loading the editor…</p>}>
        <CssEditor
          value={draft}
          label="Global CSS"
          onChange={change}
          onBlur={() => {
            if (!pending.current) return;
            flush();
            ctx.store.set(globalCssKey, draft);
          }}
        />
      </Suspense>
      <div className="vv-actions">
        <button
          type="button"
          className="vv-button"
          disabled={!draft}
          onClick={() =>
            void ctx.confirm('Clear your global CSS?').then((yes) => yes && (flush(), setDraft(''), ctx.store.set(globalCssKey, '')))
          }
        >
          Clear
        </button>
      </div>
    </Section>
  );
}
