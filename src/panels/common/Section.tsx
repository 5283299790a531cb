import type { ReactNode } from 'react';

/**
 * The body of a settings tab or a palette page: a block with the panel's class, its heading, then
 * what it shows. Every panel starts this way, so this is where the heading's look lives.
 */
export function Section({ className, title, children }: { className: string; title: string; children: ReactNode }) {
  return (
    <div className={className}>
      <h3 className="vv-heading">{title}</h3>
      {children}
    </div>
  );
}
