import type { ButtonHTMLAttributes } from 'react';

/**
 * The small text button of our panels and cards (`vv-button vv-button-small`); `primary` marks the
 * one that does the main thing, `className` adds the caller's own.
 */
export function SmallButton({ primary = false, className, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { primary?: boolean }) {
  const classes = ['vv-button', 'vv-button-small', primary && 'vv-button-primary', className].filter(Boolean).join(' ');
  return <button type="button" className={classes} {...props} />;
}
