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
