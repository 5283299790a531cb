import CodeMirror from '@uiw/react-codemirror';
import { css } from '@codemirror/lang-css';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CommandContext } from '../commands/types';
import { globalCssKey } from '../data/global-css';
import { settingsKey } from '../data/config';
import { useStored } from './hooks';

/** Saved this long after the last keystroke; the page restyles as you type. */
const SAVE_DELAY_MS = 300;

/**
 * The global CSS editor: CodeMirror with the CSS language only (no basic-setup bundle). Edits are
 * stored shortly after typing stops, and the global-css style element follows the stored text.
 */
export function GlobalCss({ ctx }: { ctx: CommandContext }) {
  useStored(settingsKey);
  const stored = useStored(globalCssKey);
  const [draft, setDraft] = useState(stored);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const extensions = useMemo(() => [css()], []);
  const enabled = ctx.settings.get('globalCssEnabled') === true;

  // Another tab (or an import) changed the stored CSS while nothing is pending here: follow it.
  useEffect(() => {
    if (!pending.current) setDraft(stored);
  }, [stored]);
  useEffect(() => () => flush(), []); // eslint-disable-line react-hooks/exhaustive-deps

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
    <div className="vv-global-css">
      <h3 className="vv-heading">Global CSS</h3>
      <p className="vv-note">
        Applied to every AniList page {enabled ? 'now' : 'once “Enable custom global CSS” is on'}. Changes apply as you type.
      </p>
      <CodeMirror
        value={draft}
        height="300px"
        theme="none"
        basicSetup={{ lineNumbers: true, foldGutter: false, highlightActiveLine: true, autocompletion: false, searchKeymap: true }}
        extensions={extensions}
        onChange={change}
        onBlur={() => {
          if (!pending.current) return;
          flush();
          ctx.store.set(globalCssKey, draft);
        }}
        aria-label="Global CSS"
        data-hotkey-capture=""
      />
      <div className="vv-actions">
        <button type="button" className="vv-button" disabled={!draft} onClick={() => void ctx.confirm('Clear your global CSS?').then((yes) => yes && (flush(), setDraft(''), ctx.store.set(globalCssKey, '')))}>
          Clear
        </button>
      </div>
    </div>
  );
}
