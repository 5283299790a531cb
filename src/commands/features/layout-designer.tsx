import { isProfile, ownProfile, profileOverviewName, sameUserName } from '../../data/pages';
import {
  commitLayouts,
  layoutsKey,
  onLayoutMessage,
  previewView,
  setPreview,
  type LayoutsState,
  type PreviewView,
} from '../../data/layout-designer';
import { observe, onChanges } from '../../inject/observer';
import { removeStyle, setStyle } from '../../inject/styles';
import { lazyComponent, lazyModule, markdownRenderer, sanitizer } from '../lazy';
import type { FeatureDef } from '../types';
import { onAbort } from '../../inject/lifetime';
import styles from '../../panels/layout-designer/layout-designer.css';

const LayoutDesigner = lazyComponent(() => import('../../panels/layout-designer/LayoutDesigner'), 'LayoutDesigner');
const SwitchLayoutPage = lazyComponent(() => import('../../panels/layout-designer/SwitchLayoutPage'), 'SwitchLayoutPage');
/** Publishing, which reports what it did (evaluated when first run). */
const publishing = lazyModule(() => import('../../panels/layout-designer/publish'));

/**
 * The profile layout designer: layouts edited in settings, previewed on the viewer's own profile
 * (avatar, banner, colour, donator badge, about and the CSS of the bio's data block) and published
 * to AniList. Turning the preview off puts back exactly what the page had. Other tabs follow
 * through the stored layouts and the 'void-layouts' channel.
 */

const SECTION = 'Layout designer';
const STYLE_ID = 'profile-layout';
const ABOUT_MARK = 'data-void-layout';

/**
 * The profile's landmarks inside `.page-content > .user`, the original's (its handlers/
 * layoutDesigner.ts, proven on anilist.co; host-facts (a), profile): `img.avatar`, `.banner`,
 * `.donator-badge`, `.about .markdown`, and the `a.avatar` links of the viewer's own entries and
 * replies in the profile's feed, whose picture is a background image. No `.header-wrap` ancestor:
 * only a third-party script records it. Where we differ, why: we look inside the profile only (the
 * original searches the whole page), and a link is the viewer's when its path names them exactly
 * (the original's `href*=name` also takes a "ViewerFan").
 */
const PARTS = {
  avatar: 'img.avatar',
  avatarLink: 'a.avatar',
  banner: '.banner',
  badge: '.donator-badge',
  about: `.about .markdown:not([${ABOUT_MARK}])`,
} as const;

/** Calls `apply` with a function from markdown to sanitized HTML: at once when both libraries are loaded. */
function aboutHtml(apply: (sanitizedHtmlOf: (markdown: string) => string) => void): void {
  const ready = () => {
    const render = markdownRenderer.ready();
    const sanitize = sanitizer.ready();
    return render && sanitize ? (markdown: string) => sanitize.sanitizeHtml(render.renderMarkdown(markdown)) : null;
  };
  const html = ready();
  if (html) apply(html);
  else void Promise.all([markdownRenderer.load(), sanitizer.load()]).then(() => apply(ready()!));
}

function writeText(el: Element, text: string): void {
  // Change the host's own text node when there is just one, so its node stays in place.
  const only = el.childNodes.length === 1 ? el.firstChild : null;
  if (only instanceof Text) only.nodeValue = text;
  else el.textContent = text;
}

/**
 * Applies a preview to one profile root and takes it back. Each patched element remembers its
 * original attribute (or text) once; restoring writes that exact value back, but only where the
 * value is still the one we wrote: the host reuses these elements for the next profile it shows
 * (Vue patches in place), and its new values must not be replaced by the old user's.
 */
function profilePreview(root: HTMLElement, viewerName: string) {
  const saved = new Map<Element, Map<string, string | null>>();
  const written = new Map<Element, Map<string, string | null>>();
  const abouts = new Map<Element, { node: HTMLElement; source: string }>();
  const read = (el: Element, key: string) => (key === '#text' ? el.textContent : el.getAttribute(key));

  function patch(el: Element, key: string, change: () => void): void {
    let originals = saved.get(el);
    if (!originals) saved.set(el, (originals = new Map()));
    if (!originals.has(key)) originals.set(key, read(el, key));
    else put(el, key, originals.get(key)!); // back to the original first, then change
    change();
    if (!written.has(el)) written.set(el, new Map());
    written.get(el)!.set(key, read(el, key));
  }
  function put(el: Element, key: string, value: string | null): void {
    if (key === '#text') writeText(el, value ?? '');
    else if (value === null) el.removeAttribute(key);
    else el.setAttribute(key, value);
  }
  function restore(el: Element): void {
    const ours = written.get(el);
    saved.get(el)?.forEach((value, key) => {
      if (!ours?.has(key) || ours.get(key) === read(el, key)) put(el, key, value);
    });
    saved.delete(el);
    written.delete(el);
  }
  const styled = (el: Element, change: (style: CSSStyleDeclaration) => void) => patch(el, 'style', () => change((el as HTMLElement).style));
  const all = (selector: string) => Array.from(root.querySelectorAll(selector));

  function render(view: PreviewView | null): void {
    if (view?.color) styled(root, (s) => ['--color-blue', '--color-blue-dim'].forEach((v) => s.setProperty(v, view.color)));
    else restore(root);
    for (const el of all(PARTS.avatar)) {
      if (view?.avatar) patch(el, 'src', () => el.setAttribute('src', view.avatar!));
      else restore(el);
    }
    const image = (el: Element, url: string | null | undefined) =>
      url ? styled(el, (s) => (s.backgroundImage = `url("${url}")`)) : restore(el);
    for (const el of all(PARTS.banner)) image(el, view?.banner);
    for (const el of all(PARTS.avatarLink))
      image(el, sameUserName(profileOverviewName((el as HTMLAnchorElement).pathname) ?? '', viewerName) ? view?.avatar : null);
    // The header's badge, the first as the original takes it: the badges beside names in the feed
    // are the same class, and the original leaves them alone.
    const badge = all(PARTS.badge).find((el) => !el.closest('.activity-entry, .reply'));
    for (const el of all(PARTS.badge)) {
      if (view?.badge && el === badge) patch(el, '#text', () => writeText(el, view.badge!));
      else restore(el);
    }

    const markdowns = all(PARTS.about);
    for (const [el, shown] of abouts) {
      if (view?.about && markdowns.includes(el) && el.isConnected) continue;
      shown.node.remove();
      abouts.delete(el);
      restore(el);
    }
    if (view?.about) {
      for (const el of markdowns) {
        let shown = abouts.get(el);
        if (!shown) {
          const node = document.createElement('div');
          node.className = 'markdown';
          node.setAttribute(ABOUT_MARK, 'about');
          el.after(node);
          abouts.set(el, (shown = { node, source: '' }));
        }
        styled(el, (s) => s.setProperty('display', 'none', 'important'));
        if (shown.source !== view.about) {
          const about = (shown.source = view.about);
          const target = shown;
          // marked and DOMPurify are evaluated on the first preview with an about text; at once after.
          aboutHtml((sanitizedHtmlOf) => {
            if (target.source === about && abouts.get(el) === target) target.node.innerHTML = sanitizedHtmlOf(about);
          });
        }
      }
    }
    if (view?.css) setStyle(STYLE_ID, view.css);
    else removeStyle(STYLE_ID);
  }
  return render;
}

export const layoutDesigner: FeatureDef = {
  id: 'layout-designer',
  styles,
  title: 'Layout designer',
  category: 'misc',
  description: 'Preview and publish profile layouts: avatar, banner, colour, donator badge and about.',
  options: [
    {
      key: 'layoutDesignerEnabled',
      description: 'Enable the layout designer in settings.',
      default: false,
      authRequired: true,
    },
  ],
  toggle: 'layoutDesignerEnabled',
  commands: [
    {
      id: 'layout-designer.switch',
      title: 'Switch layout…',
      section: SECTION,
      keywords: ['profile', 'layout'],
      page: 'layout-designer.switch',
    },
    {
      id: 'layout-designer.edit',
      title: 'Edit layout…',
      section: SECTION,
      keywords: ['profile', 'avatar', 'banner', 'colour', 'badge', 'about', 'css'],
      page: 'layout-designer.edit',
    },
    {
      id: 'layout-designer.preview',
      title: 'Toggle layout preview',
      section: SECTION,
      keywords: ['profile', 'layout', 'preview'],
      keepOpen: true,
      relevant: ownProfile,
      hint: (ctx) => (ctx.store.get(layoutsKey).preview ? 'on' : 'off'),
      run: (ctx) => void commitLayouts(ctx.store, (s) => setPreview(s, !s.preview)),
    },
    {
      id: 'layout-designer.publish',
      title: 'Publish layout',
      section: SECTION,
      keywords: ['profile', 'layout', 'about', 'colour', 'color', 'badge'],
      authRequired: true,
      // Replaces the account's about, colour and badge: publishLayout asks first.
      effect: 'account',
      // Writes the token owner's profile: locked while another account is signed in to the site.
      actsAsYou: true,
      relevant: ownProfile,
      run: async (ctx) => (await publishing.load()).publishLayout(ctx),
    },
  ],
  panels: [
    {
      kind: 'palette-page',
      id: 'layout-designer.switch',
      title: 'Switch layout',
      placeholder: 'Filter layouts',
      component: SwitchLayoutPage,
    },
    // The settings tab's designer, whole, as a palette form.
    {
      kind: 'palette-page',
      id: 'layout-designer.edit',
      title: 'Edit layout',
      placeholder: null,
      layout: 'form',
      component: LayoutDesigner,
    },
    { kind: 'settings-tab', id: 'layout-designer.tab', title: 'layout', option: 'layoutDesignerEnabled', component: LayoutDesigner },
  ],
  injections: [
    {
      id: 'layout-preview',
      route: isProfile,
      selector: '.page-content > .user',
      single: true,
      when: ownProfile,
      mount: (root, ctx) => {
        const tier = ctx.viewer?.donatorTier ?? 0;
        const render = profilePreview(root as HTMLElement, ctx.viewer?.name ?? '');
        let view: PreviewView | null = null;
        let queued = false;
        const show = (state: LayoutsState) => {
          view = previewView(state, tier);
          render(view);
        };
        // Landmarks Vue renders later (the about of the overview, say) get the preview too.
        const later = () => {
          if (queued) return;
          queued = true;
          queueMicrotask(() => {
            queued = false;
            render(view);
          });
        };
        show(ctx.store.get(layoutsKey));
        onAbort(ctx, ctx.store.subscribe(layoutsKey, show));
        // Another tab's message only says that something changed: what is shown comes from our
        // own storage, which a page script cannot write (it can post on the channel).
        onAbort(
          ctx,
          onLayoutMessage(() => show(ctx.store.get(layoutsKey))),
        );
        observe(Object.values(PARTS).join(', '), (el) => root.contains(el) && later(), ctx);
        // Vue reuses a feed entry for another activity: an avatar link may now be the viewer's, or no longer.
        onChanges(
          (targets) => [...targets].some((t) => t instanceof Element && t.matches(PARTS.avatarLink) && root.contains(t)) && later(),
          ctx,
        );
        onAbort(ctx, () => render(null));
      },
    },
  ],
};
