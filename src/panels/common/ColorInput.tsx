import { useId, useState } from 'react';

const HEX = /^#?([0-9a-f]{6})$/i;

/** '#rrggbb' (lower case) for a typed colour with or without '#', '' for empty, null when invalid. */
export function parseHexColor(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '#') return '';
  const match = HEX.exec(trimmed);
  return match ? `#${match[1]!.toLowerCase()}` : null;
}

/**
 * A colour field: a hex text input that shows '#' when empty, and a native
 * colour picker. `value` is '#rrggbb' or ''. Invalid text is flagged and never passed to onChange.
 */
export function ColorInput({ label, value, onChange, id }: { label: string; value: string; onChange(value: string): void; id?: string }) {
  const generated = useId();
  const fieldId = id ?? generated;
  const [draft, setDraft] = useState(value);
  const [touched, setTouched] = useState(false);
  const parsed = parseHexColor(draft);

  // Follow changes from outside (the picker, another tab, a reset) unless the draft already means the same.
  const [followed, setFollowed] = useState(value);
  if (followed !== value) {
    setFollowed(value);
    if (parsed !== value) setDraft(value);
  }

  const invalid = parsed === null && touched;
  return (
    <span className="vv-color-input">
      <input
        id={fieldId}
        type="text"
        className="vv-color-text"
        aria-label={label}
        placeholder="#"
        spellCheck={false}
        maxLength={7}
        value={draft}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${fieldId}-error` : undefined}
        onChange={(e) => {
          const text = e.target.value;
          setDraft(text);
          const next = parseHexColor(text);
          if (next !== null) {
            setTouched(false);
            if (next !== value) onChange(next);
          }
        }}
        onBlur={() => setTouched(true)}
        onKeyDown={(e) => e.key === 'Enter' && setTouched(true)}
      />
      <input
        type="color"
        className="vv-color-picker"
        aria-label={`${label} picker`}
        value={value || '#000000'}
        onChange={(e) => onChange(e.target.value.toLowerCase())}
      />
      {invalid && (
        <span id={`${fieldId}-error`} className="vv-error" role="alert">
          Not a colour: use # and six hex digits, like #3db4f2.
        </span>
      )}
    </span>
  );
}
