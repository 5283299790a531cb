import type { ToastBus } from '../../commands/toast-bus';
import { attempt } from '../../data/api-errors';
import {
  currentAbout,
  LAYOUT_TEXTS,
  layoutPublish,
  layoutsKey,
  PUBLISH_QUESTIONS,
  resetLayoutAbout,
  selectedOf,
  sendAbout,
  sendBadge,
  sendColor,
} from '../../data/layout-designer';
import type { ReadContext } from '../../data/swr';

/**
 * The layout designer's publishing, as the user starts it (its buttons, and the 'Publish layout'
 * command): each asks first, then writes through src/data/layout-designer.ts, which throws, and
 * reports the outcome here (LAYOUT_TEXTS, with the failed call's text as the detail line).
 */

/** What publishing needs: the reads' context, the toasts, and the confirm dialog (every publish asks first, whatever starts it). */
export interface PublishContext extends ReadContext {
  toasts: Pick<ToastBus, 'error' | 'success'>;
  confirm(text: string): Promise<boolean>;
}

/** Loads the current about of the token's owner (the account publishing writes) into the selected layout. */
export async function resetAbout(ctx: Omit<PublishContext, 'confirm'>): Promise<boolean> {
  const loaded = await attempt(ctx.toasts, { toast: LAYOUT_TEXTS.resetFailed, log: 'querying the current about failed' }, () =>
    currentAbout(ctx),
  );
  if (!loaded.ok) return false;
  resetLayoutAbout(ctx.store, loaded.value);
  ctx.toasts.success(LAYOUT_TEXTS.reset);
  return true;
}

async function reportedAbout(ctx: PublishContext, bio: string, current?: string | null): Promise<boolean> {
  const published = await attempt(ctx.toasts, { toast: LAYOUT_TEXTS.aboutFailed, log: 'publishing the about failed' }, () =>
    sendAbout(ctx, bio, current),
  );
  if (published.ok) ctx.toasts.success(LAYOUT_TEXTS.about);
  return published.ok;
}

async function reportedColor(ctx: PublishContext, color: string): Promise<string | null> {
  const published = await attempt(ctx.toasts, { toast: LAYOUT_TEXTS.colorFailed, log: 'publishing the colour failed' }, () =>
    sendColor(ctx, color),
  );
  if (!published.ok) return null;
  ctx.toasts.success(LAYOUT_TEXTS.color);
  return published.value;
}

async function reportedBadge(ctx: PublishContext, badge: string): Promise<string | null> {
  const published = await attempt(ctx.toasts, { toast: LAYOUT_TEXTS.badgeFailed, log: 'publishing the donator badge failed' }, () =>
    sendBadge(ctx, badge),
  );
  if (!published.ok) return null;
  ctx.toasts.success(LAYOUT_TEXTS.badge);
  return published.value;
}

/**
 * 'Publish About': once the user agrees, the selected layout's about over the account's, keeping
 * the account's data block; `current` (the account's about) skips reading it.
 */
export async function publishAbout(ctx: PublishContext, bio: string, current?: string | null): Promise<boolean> {
  if (!(await ctx.confirm(PUBLISH_QUESTIONS.about(selectedOf(ctx.store.get(layoutsKey)).name)))) return false;
  return reportedAbout(ctx, bio, current);
}

/** 'Publish Color', once the user agrees: the colour now published, or null (declined or failed). */
export async function publishColor(ctx: PublishContext, color: string): Promise<string | null> {
  return (await ctx.confirm(PUBLISH_QUESTIONS.color(color))) ? reportedColor(ctx, color) : null;
}

/** 'Publish Badge', once the user agrees: the badge now published, or null (declined or failed). */
export async function publishBadge(ctx: PublishContext, badge: string): Promise<string | null> {
  return (await ctx.confirm(PUBLISH_QUESTIONS.badge(badge))) ? reportedBadge(ctx, badge) : null;
}

/**
 * 'Publish layout': once the user agrees, the about, then colour and badge where the rules allow,
 * for the token's owner and the donator tier AniList reports for them.
 */
export async function publishLayout(ctx: PublishContext): Promise<void> {
  const layout = selectedOf(ctx.store.get(layoutsKey));
  const current = await attempt(ctx.toasts, { toast: LAYOUT_TEXTS.aboutFailed, log: 'querying the current about failed' }, () =>
    layoutPublish(ctx, layout),
  );
  if (!current.ok) return;
  const { about, show, parts } = current.value;
  if (!(await ctx.confirm(PUBLISH_QUESTIONS.layout(layout.name, parts)))) return;
  await reportedAbout(ctx, layout.bio, about);
  if (show.color) await reportedColor(ctx, layout.color);
  if (show.badge) await reportedBadge(ctx, layout.donatorBadge);
}
