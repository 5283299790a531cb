import type { ButtonHTMLAttributes } from 'react';

/**
 * A button drawn as a glyph: `label` is its accessible name and, unless `title` says more briefly,
 * its tooltip, so a pointer user reads what a screen reader hears.
 */
export function IconButton({ label, title = label, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { label: string }) {
  return <button type="button" className="vv-icon-button" title={title} aria-label={label} {...props} />;
}
