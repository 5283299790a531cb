import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import type { CommandContext } from '../../commands/types';
import { isPlainClick } from '../../data/paths';

/**
 * A link to a page of AniList's app. A plain click navigates in place through the host's router
 * (no page load); Ctrl/Cmd/Shift/Alt or middle click is left to the browser, which opens the
 * `href` in a new tab or window. `onFollow` runs on every click of the main button, before either.
 */
export function InAppLink({
  ctx,
  path,
  onFollow,
  children,
  ...anchor
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'> & {
  ctx: Pick<CommandContext, 'route'>;
  path: string;
  onFollow?(event: MouseEvent<HTMLAnchorElement>): void;
}) {
  return (
    <a
      {...anchor}
      href={path}
      onClick={(event) => {
        onFollow?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        ctx.route.navigate(path);
      }}
    >
      {children}
    </a>
  );
}
