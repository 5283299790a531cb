import { css } from '@codemirror/lang-css';
import CodeMirror from '@uiw/react-codemirror';
import { useMemo } from 'react';

/**
 * The CodeMirror CSS editor. Loaded on demand (React.lazy): CodeMirror's modules build their
 * parser tables and facets when they first run, which would otherwise happen on every page load.
 */
export default function CssEditor({
  value,
  onChange,
  onBlur,
  label,
}: {
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  label: string;
}) {
  const extensions = useMemo(() => [css()], []);
  return (
    <CodeMirror
      value={value}
      height="300px"
      theme="none"
      basicSetup={{ lineNumbers: true, highlightActiveLine: true }}
      extensions={extensions}
      onChange={onChange}
      onBlur={onBlur}
      aria-label={label}
      data-hotkey-capture=""
    />
  );
}
