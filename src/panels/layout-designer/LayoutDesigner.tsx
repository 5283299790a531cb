import { useEffect, useId, useState } from 'react';
import type { CommandContext } from '../../commands/types';
import { authKey } from '../../data/auth';
import { decodeBio } from '../../data/bio-block';
import { safeUrl } from '../../data/guards';
import {
  addLayout,
  BADGE_MAX,
  bioCss,
  bioText,
  canBadge,
  canCustomColor,
  commitLayouts,
  deleteSelectedLayout,
  fetchViewer,
  layoutLabel,
  layoutsKey,
  normalize,
  PROFILE_COLORS,
  publishAbout,
  publishBadge,
  publishColor,
  publishedOf,
  publishVisibility,
  resetAbout,
  selectLayout,
  setBioCss,
  setBioText,
  setDisableCss,
  setPreview,
  updateLayout,
  type Layout,
  type LayoutsState,
  type Published,
} from '../../data/layout-designer';
import { IDENTITY_TEXTS } from '../../data/identity';
import { NAMED_COLORS } from '../../data/colors';
import { ColorInput } from '../common/ColorInput';
import { LockIcon } from '../common/LockIcon';
import { useIdentity } from '../common/useIdentity';
import { useStored } from '../hooks';
import { withQueryCache } from '../query';

/**
 * The layout designer: layouts with add and delete, avatar and banner URLs
 * with previews, colour swatches (custom colour from donator tier 2), donator badge (tier 3),
 * about text and profile CSS, Reset About, the publish buttons, and the preview switches. Every
 * edit is stored (and broadcast to other tabs) at once; the preview itself lives in the feature.
 * What is read and published is the token owner's (their published colour, badge and donator tier
 * as AniList reports them); the site's signed-in account only names the profile the preview shows
 * on. While the two differ, Reset About and the publish buttons are locked, saying why.
 */
export const LayoutDesigner = withQueryCache(LayoutDesignerPanel);

function LayoutDesignerPanel({ ctx }: { ctx: CommandContext }) {
  const state = normalize(useStored(layoutsKey));
  useStored(authKey);
  const token = ctx.auth.token() !== null;
  const viewer = ctx.auth.viewer();
  const identity = useIdentity(ctx);
  const [tier, setTier] = useState(0);
  const layout = state.layoutsList[state.selectedLayout]!;
  const [published, setPublished] = useState<Published>({ color: null, badge: null });
  const [busy, setBusy] = useState(false);
  const id = useId();
  const locked =
    identity.mismatch && identity.owner && identity.site
      ? IDENTITY_TEXTS.partsLocked('Reset About and publishing', identity.owner.name, identity.site.name)
      : null;

  // What is published now, for the colour and badge buttons (shown only for a changed value), and
  // the donator tier that decides which of them may be published.
  useEffect(() => {
    if (!token) return;
    let live = true;
    fetchViewer(ctx)
      .then((v) => {
        if (!live) return;
        setPublished(publishedOf(v));
        setTier(v.donatorTier ?? 0);
      })
      .catch((error: unknown) => console.warn('[VoidVerified] could not read your published colour and badge', error));
    return () => {
      live = false;
    };
  }, [ctx, token]);

  const commit = (change: (s: LayoutsState) => LayoutsState) => commitLayouts(ctx.store, change);
  const edit = (change: Partial<Layout>) => commit((s) => updateLayout(s, change));
  const run = (work: () => Promise<unknown>) => {
    setBusy(true);
    void work().finally(() => setBusy(false));
  };
  // A publish button runs one publish call, disabled while any call runs or while locked.
  const publishButton = (label: string, work: () => Promise<unknown>) => (
    <button type="button" className="vv-button" disabled={busy || locked !== null} onClick={() => run(work)}>
      {label}
    </button>
  );
  // A colour or badge that was published becomes the one the buttons compare against.
  const remember = (key: keyof Published) => (value: string | null) => {
    if (value) setPublished((p) => ({ ...p, [key]: value }));
  };
  const show = publishVisibility(layout, published, token, tier);
  const block = decodeBio(layout.bio);
  const cssEditable = !block.hasBlock || block.readable;

  const field = (key: 'avatar' | 'banner', label: string) => (
    <div className="vv-option vv-layout-image-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type="text"
        spellCheck={false}
        placeholder="https://"
        value={layout[key]}
        onChange={(e) => edit({ [key]: e.target.value })}
      />
      {safeUrl(layout[key], 'image') && <img className={`vv-layout-${key}`} src={safeUrl(layout[key], 'image')} alt={`${label} preview`} />}
    </div>
  );

  return (
    <div className="vv-layout-designer">
      <h3 className="vv-heading">Layout designer</h3>
      <p className="vv-note">
        Preview shows on your own profile{viewer ? ` (/user/${viewer.name}/)` : ''}. {token ? '' : 'Authorize to publish.'}
      </p>

      <div className="vv-option">
        <label htmlFor={`${id}-select`}>Layout</label>
        <select id={`${id}-select`} value={state.selectedLayout} onChange={(e) => commit((s) => selectLayout(s, Number(e.target.value)))}>
          {state.layoutsList.map((l, i) => (
            <option key={i} value={i}>
              {layoutLabel(l, i)}
            </option>
          ))}
        </select>
        <button type="button" className="vv-button vv-button-small" onClick={() => commit(addLayout)}>
          Add Layout
        </button>
      </div>

      <div className="vv-option">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} type="text" maxLength={200} value={layout.name} onChange={(e) => edit({ name: e.target.value })} />
        <button type="button" className="vv-button vv-button-small" onClick={() => void deleteSelectedLayout(ctx)}>
          Delete Layout
        </button>
      </div>

      {field('avatar', 'Avatar')}
      {field('banner', 'Banner')}

      <div className="vv-option">
        <span id={`${id}-color`}>Colour</span>
        <span className="vv-layout-swatches" role="group" aria-labelledby={`${id}-color`}>
          {PROFILE_COLORS.map((c) => (
            <button
              key={c}
              type="button"
              className="vv-layout-swatch"
              title={c}
              aria-label={c}
              aria-pressed={layout.color === c}
              style={{ background: `rgb(${NAMED_COLORS.get(c)})` }}
              onClick={() => edit({ color: c })}
            />
          ))}
        </span>
        {canCustomColor(tier) && (
          <ColorInput
            label="Custom colour"
            value={layout.color.startsWith('#') ? layout.color : ''}
            onChange={(color) => edit({ color })}
          />
        )}
      </div>

      {canBadge(tier) && (
        <div className="vv-option">
          <label htmlFor={`${id}-badge`}>Donator badge</label>
          <input
            id={`${id}-badge`}
            type="text"
            maxLength={BADGE_MAX}
            value={layout.donatorBadge}
            onChange={(e) => edit({ donatorBadge: e.target.value })}
          />
        </div>
      )}

      <label className="vv-layout-label" htmlFor={`${id}-about`}>
        About
      </label>
      <textarea
        id={`${id}-about`}
        className="vv-textarea"
        rows={8}
        value={bioText(layout.bio)}
        onChange={(e) => edit({ bio: setBioText(layout.bio, e.target.value) })}
      />
      <label className="vv-layout-label" htmlFor={`${id}-css`}>
        Profile CSS
      </label>
      <textarea
        id={`${id}-css`}
        className="vv-textarea vv-layout-css"
        rows={5}
        spellCheck={false}
        disabled={!cssEditable}
        value={bioCss(layout.bio)}
        onChange={(e) => edit({ bio: setBioCss(layout.bio, e.target.value) })}
      />
      {!cssEditable && <p className="vv-note">The data block of this about could not be read, so its CSS cannot be edited here.</p>}
      {locked && (
        <p className="vv-note vv-identity-lock" role="note">
          <LockIcon /> {locked}
        </p>
      )}

      <div className="vv-actions">
        <button
          type="button"
          className="vv-button"
          disabled={busy || !token || locked !== null}
          onClick={() =>
            run(
              async () =>
                (!layout.bio.trim() || (await ctx.confirm('Replace this about with your current AniList about?'))) && resetAbout(ctx),
            )
          }
        >
          Reset About
        </button>
        {show.about && publishButton('Publish About', () => publishAbout(ctx, layout.bio))}
        {show.color && publishButton('Publish Color', () => publishColor(ctx, layout.color).then(remember('color')))}
        {show.badge && publishButton('Publish Badge', () => publishBadge(ctx, layout.donatorBadge).then(remember('badge')))}
        <button type="button" className="vv-button vv-button-primary" onClick={() => commit((s) => setPreview(s, !s.preview))}>
          {state.preview ? 'Disable Preview' : 'Enable Preview'}
        </button>
        {state.preview && (
          <button type="button" className="vv-button" onClick={() => commit((s) => setDisableCss(s, !s.disableCss))}>
            {state.disableCss ? 'Enable Css' : 'Disable Css'}
          </button>
        )}
      </div>
    </div>
  );
}
