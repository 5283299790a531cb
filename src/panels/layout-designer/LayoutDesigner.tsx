import { useId, useState, type ReactNode } from 'react';
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
  publishedOf,
  publishVisibility,
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
import { publishAbout, publishBadge, publishColor, resetAbout } from './publish';
import { NAMED_COLORS } from '../../data/colors';
import { ColorInput } from '../common/ColorInput';
import { LockIcon } from '../common/LockIcon';
import { useIdentity } from '../common/useIdentity';
import { useStored } from '../hooks';
import { useRead } from '../query';
import { SmallButton } from '../common/SmallButton';
import { SelectOption } from '../common/OptionRows';
import { Section } from '../common/Section';

/**
 * The layout designer: layouts with add and delete, avatar and banner URLs
 * with previews, colour swatches (custom colour from donator tier 2), donator badge (tier 3),
 * about text and profile CSS, Reset About, the publish buttons, and the preview switches. Every
 * edit is stored (and broadcast to other tabs) at once; the preview itself lives in the feature.
 * What is read and published is the token owner's (their published colour, badge and donator tier
 * as AniList reports them); the site's signed-in account only names the profile the preview shows
 * on. While the two differ, Reset About and the publish buttons are locked, saying why.
 */
export function LayoutDesigner({ ctx }: { ctx: CommandContext }) {
  const state = normalize(useStored(layoutsKey));
  useStored(authKey);
  const token = ctx.auth.token() !== null;
  const viewer = ctx.auth.viewer();
  const identity = useIdentity(ctx);
  const layout = state.layoutsList[state.selectedLayout]!;
  const id = useId();
  const locked =
    identity.mismatch && identity.owner && identity.site
      ? IDENTITY_TEXTS.partsLocked('Reset About and publishing', identity.owner.name, identity.site.name)
      : null;
  const { published, tier, remember } = usePublished(ctx, token);

  const commit = (change: (s: LayoutsState) => LayoutsState) => commitLayouts(ctx.store, change);
  const edit = (change: Partial<Layout>) => commit((s) => updateLayout(s, change));

  return (
    <Section className="vv-layout-designer" title="Layout designer">
      <p className="vv-note">
        Preview shows on your own profile{viewer ? ` (/user/${viewer.name}/)` : ''}. {token ? '' : 'Authorize to publish.'}
      </p>
      <LayoutChoice ctx={ctx} id={id} state={state} layout={layout} commit={commit} edit={edit} />
      <ImageField id={id} layout={layout} edit={edit} part="avatar" label="Avatar" />
      <ImageField id={id} layout={layout} edit={edit} part="banner" label="Banner" />
      <ColourAndBadge id={id} layout={layout} edit={edit} tier={tier} />
      <AboutAndCss id={id} layout={layout} edit={edit} />
      {locked && (
        <p className="vv-note vv-identity-lock" role="note">
          <LockIcon /> {locked}
        </p>
      )}
      <div className="vv-actions">
        <PublishButtons
          ctx={ctx}
          layout={layout}
          show={publishVisibility(layout, published, token, tier)}
          locked={locked}
          remember={remember}
        >
          <button type="button" className="vv-button vv-button-primary" onClick={() => commit((s) => setPreview(s, !s.preview))}>
            {state.preview ? 'Disable Preview' : 'Enable Preview'}
          </button>
          {state.preview && (
            <button type="button" className="vv-button" onClick={() => commit((s) => setDisableCss(s, !s.disableCss))}>
              {state.disableCss ? 'Enable Css' : 'Disable Css'}
            </button>
          )}
        </PublishButtons>
      </div>
    </Section>
  );
}

/**
 * What is published now, for the colour and badge buttons (shown only for a changed value), and
 * the donator tier that decides which of them may be published; a colour or badge published here
 * becomes the one the buttons compare against (`remember`).
 */
function usePublished(ctx: CommandContext, token: boolean) {
  const asked = useRead(token ? 'viewer' : null, {
    read: (signal) => fetchViewer(ctx, signal),
    // Said on the console only: the buttons then compare against nothing published.
    failure: { toasts: ctx.toasts, report: () => ({ toast: '', log: 'could not read your published colour and badge', quiet: true }) },
  });
  const [changed, setChanged] = useState<Partial<Published>>({});
  const published: Published = { ...(asked.data ? publishedOf(asked.data) : { color: null, badge: null }), ...changed };
  const remember = (key: keyof Published) => (value: string | null) => {
    if (value) setChanged((p) => ({ ...p, [key]: value }));
  };
  return { published, tier: asked.data?.donatorTier ?? 0, remember };
}

interface PartProps {
  id: string;
  layout: Layout;
  edit(change: Partial<Layout>): void;
}

function LayoutChoice({
  ctx,
  id,
  state,
  commit,
  edit,
  layout,
}: PartProps & { ctx: CommandContext; state: LayoutsState; commit(change: (s: LayoutsState) => LayoutsState): void }) {
  return (
    <>
      <SelectOption
        label="Layout"
        value={state.selectedLayout}
        choices={state.layoutsList.map((_, i) => i)}
        text={(i) => layoutLabel(state.layoutsList[i]!, i)}
        onChange={(i) => commit((s) => selectLayout(s, Number(i)))}
      >
        <SmallButton onClick={() => commit(addLayout)}>Add Layout</SmallButton>
      </SelectOption>

      <div className="vv-option">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} type="text" maxLength={200} value={layout.name} onChange={(e) => edit({ name: e.target.value })} />
        <SmallButton onClick={() => void deleteSelectedLayout(ctx)}>Delete Layout</SmallButton>
      </div>
    </>
  );
}

function ImageField({ id, layout, edit, part, label }: PartProps & { part: 'avatar' | 'banner'; label: string }) {
  return (
    <div className="vv-option vv-layout-image-field">
      <label htmlFor={`${id}-${part}`}>{label}</label>
      <input
        id={`${id}-${part}`}
        type="text"
        spellCheck={false}
        placeholder="https://"
        value={layout[part]}
        onChange={(e) => edit({ [part]: e.target.value })}
      />
      {safeUrl(layout[part], 'image') && (
        <img className={`vv-layout-${part}`} src={safeUrl(layout[part], 'image')} alt={`${label} preview`} />
      )}
    </div>
  );
}

function ColourAndBadge({ id, layout, edit, tier }: PartProps & { tier: number }) {
  return (
    <>
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
    </>
  );
}

function AboutAndCss({ id, layout, edit }: PartProps) {
  const block = decodeBio(layout.bio);
  const cssEditable = !block.hasBlock || block.readable;
  return (
    <>
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
    </>
  );
}

/** Reset About and the publish buttons: one call at a time, none while locked; `children` follow them. */
function PublishButtons({
  ctx,
  layout,
  show,
  locked,
  remember,
  children,
}: {
  ctx: CommandContext;
  layout: Layout;
  show: ReturnType<typeof publishVisibility>;
  locked: string | null;
  remember(key: keyof Published): (value: string | null) => void;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const token = ctx.auth.token() !== null;
  const run = (work: () => Promise<unknown>) => {
    setBusy(true);
    void work().finally(() => setBusy(false));
  };
  const publishButton = (label: string, work: () => Promise<unknown>) => (
    <button type="button" className="vv-button" disabled={busy || locked !== null} onClick={() => run(work)}>
      {label}
    </button>
  );
  return (
    <>
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
      {children}
    </>
  );
}
