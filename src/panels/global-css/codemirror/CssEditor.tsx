import { cssLanguage } from '@codemirror/lang-css';
import { LanguageSupport } from '@codemirror/language';
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
  // The CSS language alone: lang-css's css() adds its completion source (tables of property and value
  // names), which only an autocompletion() extension would ever ask, and the setup has none.
  const extensions = useMemo(() => [new LanguageSupport(cssLanguage)], []);
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
