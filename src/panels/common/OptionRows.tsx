import { useId, type ReactNode } from 'react';

/** On/off options, each a checkbox in a labelled row; a row's id is `${idBase}-${key}`. */
export function CheckboxOptions<K extends string>({
  idBase,
  fields,
  checked,
  onChange,
}: {
  idBase: string;
  fields: readonly { key: K; label: string }[];
  checked: (key: K) => boolean;
  onChange: (key: K, on: boolean) => void;
}) {
  return (
    <>
      {fields.map(({ key, label }) => (
        <label key={key} className="vv-option" htmlFor={`${idBase}-${key}`}>
          <input id={`${idBase}-${key}`} type="checkbox" checked={checked(key)} onChange={(e) => onChange(key, e.target.checked)} />
          <span>{label}</span>
        </label>
      ))}
    </>
  );
}

/**
 * A labelled select in an option row: `choices` are its values, each shown as `text` makes it
 * (itself by default); `onChange` gets the chosen value as the select's string. What follows the
 * select in the row (a button) comes as children. The label names the select through an id of its own.
 */
export function SelectOption<T extends string | number>({
  label,
  value,
  choices,
  text = String,
  onChange,
  children,
}: {
  label: string;
  value: T;
  choices: readonly T[];
  text?: (choice: T) => string;
  onChange: (value: string) => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="vv-option">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {text(choice)}
          </option>
        ))}
      </select>
      {children}
    </div>
  );
}
