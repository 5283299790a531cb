import type { ButtonHTMLAttributes } from 'react';

/** Keeps the editor's focus and caret when a button beside it is pressed with the mouse. */
const keepFocus = (event: { preventDefault(): void }) => event.preventDefault();

/**
 * A button beside an editor (the markdown toolbar's, the taskbar's): a mouse press leaves the focus
 * and caret in the editor it acts on. `label` is its accessible name and, unless `title` is given,
 * its tooltip.
 */
export function ToolButton({
  label,
  title = label,
  className = 'vv-taskbar-button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { label: string }) {
  return <button type="button" className={className} aria-label={label} title={title} onMouseDown={keepFocus} {...props} />;
}
