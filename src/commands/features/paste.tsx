import { settingsTabKey } from '../../data/config';
import { askImgurAccount, imageHostConfigKey, imageUploader, storeImgurAuthorization, IMGUR_RETURN_TEXTS } from '../../data/image-hosts';
import { parseImgurReturn, takeOAuthPending, type PendingCheck } from '../../data/oauth';
import { isSettingsDeveloper } from '../../data/pages';
import { fixedVideoType, isImageFile, wrapPastedText } from '../../data/paste';
import { DEFAULT_IMAGE_WIDTH, IMAGE_WIDTH_PERCENT, IMAGE_WIDTH_VALUE, imageMarkup, imageWidthOf } from '../../data/image-markup';
import { insertAtCaret, markdownField as markdownFieldOf, type TextField } from '../../inject/editor-text';
import { eventOrigin } from '../../inject/shadow';
import type { CommandContext, FeatureDef } from '../types';
import { refreshImgur, UPLOAD_BUSY_MESSAGE, uploadImages } from '../image-upload';
import { lazyComponent } from '../lazy';
import styles from '../../panels/paste/paste.css';

const ImageHostSettings = lazyComponent(() => import('../../panels/paste/ImageHostSettings'), 'ImageHostSettings');

/**
 * Paste and drop in markdown editors: pasted or dropped images are
 * uploaded to the selected image host and inserted as image markup; pasted image URLs are wrapped
 * as images; `<source>`s of videos get the right type. Also the image host settings, the
 * imgur OAuth return and the imgur token refresh at start-up.
 */

const IMAGE_HOST_TAB = 'paste.tab';
/** Said (critical) when the paste and drop listeners cannot be set up. */
const PASTE_SETUP_FAILED =
  'Failed to set up the paste handler: pasted and dropped images are not handled on this page. Reload the page to try again.';

const on = (ctx: CommandContext, key: string) => ctx.settings.get(key) === true;
const uploader = (ctx: CommandContext) => imageUploader({ store: ctx.store });

/** Why an imgur return is refused when the pending marker does not vouch for it (null: it does). */
const imgurRefusal = (check: PendingCheck): string | null =>
  check === 'ok'
    ? null
    : check === 'stale'
      ? IMGUR_RETURN_TEXTS.stale
      : check === 'missing'
        ? IMGUR_RETURN_TEXTS.noState
        : IMGUR_RETURN_TEXTS.notStarted;

/**
 * The imgur OAuth return (`account`s in the texts: as imgur's API names it for the token): taken only when this browser started it (the pending marker and its
 * `state`, which the return must carry), the tokens are well formed, imgur accepts the token, and
 * the user agrees to replace an authorization they have. The account named is the one imgur's API
 * gives for the token, never the one the return link names. Any return uses the marker up.
 */
async function acceptImgurReturn(ctx: CommandContext): Promise<void> {
  const parsed = parseImgurReturn(location.hash, Date.now());
  if (!parsed) return;
  // The tokens must not stay in the address bar (or in history), whatever becomes of them.
  ctx.route.replace(location.pathname + location.search);
  ctx.store.set(settingsTabKey, IMAGE_HOST_TAB);
  const refusal = imgurRefusal(takeOAuthPending(ctx.store, 'imgur', parsed.state).check);
  if (refusal) return void ctx.toasts.error(refusal);
  if (!parsed.ok)
    return void ctx.toasts.error(parsed.error ? IMGUR_RETURN_TEXTS.denied(parsed.error) : IMGUR_RETURN_TEXTS.malformed(parsed.problem));
  const account = await askImgurAccount(parsed.authToken);
  if (account.kind === 'refused') return void ctx.toasts.error(IMGUR_RETURN_TEXTS.notAccepted);
  const name = account.kind === 'named' ? account.name : null;
  const current = ctx.store.get(imageHostConfigKey).configurations.imgur.authToken;
  if (current && current !== parsed.authToken && !(await ctx.confirm(IMGUR_RETURN_TEXTS.replace(name))))
    return void ctx.toasts.info(IMGUR_RETURN_TEXTS.kept);
  storeImgurAuthorization(ctx.store, { authToken: parsed.authToken, expires: parsed.expires, refreshToken: parsed.refreshToken });
  ctx.toasts.success(IMGUR_RETURN_TEXTS.done(name));
}

/**
 * The markdown textarea a paste or drop a person made happened in (any of AniList's markdown
 * editors, or one of ours inside our shadow roots), if any. A page script can dispatch a paste or a
 * drop carrying its own files (`isTrusted` is false then): uploading them would spend the user's
 * image-host credentials.
 */
function markdownField(event: Event): TextField | null {
  return event.isTrusted ? markdownFieldOf(eventOrigin(event)) : null;
}

/**
 * Uploads the image files of a paste or drop and inserts their markup at the caret. False (and
 * the browser's default kept) when there is nothing to upload: no image files, or uploads off.
 */
function uploadFiles(event: Event, field: TextField, files: FileList | null | undefined, ctx: CommandContext): boolean {
  const images = Array.from(files ?? []).filter(isImageFile);
  if (!images.length || !on(ctx, 'pasteImagesToHostService')) return false;
  event.preventDefault();
  const hosts = uploader(ctx);
  if (hosts.busy) {
    ctx.toasts.info(UPLOAD_BUSY_MESSAGE);
    return true;
  }
  uploadImages(ctx.toasts, hosts, images)
    .then((urls) => {
      if (!urls?.length || !field.isConnected) return;
      const width = imageWidthOf(ctx.settings);
      insertAtCaret(field, urls.map((url) => imageMarkup(url, width, on(ctx, 'pasteWrapImagesWithLink'))).join('\n'));
    })
    .catch((error: unknown) => console.error('[VoidVerified] inserting the uploaded image failed', error));
  return true;
}

function onPaste(event: ClipboardEvent, ctx: CommandContext): void {
  const field = markdownField(event);
  if (!field || uploadFiles(event, field, event.clipboardData?.files, ctx) || !on(ctx, 'pasteEnabled')) return;
  const text = event.clipboardData?.getData('text/plain') ?? '';
  const before = field.value.slice(0, field.selectionStart ?? field.value.length);
  const wrapped = text && wrapPastedText(text, before, imageWidthOf(ctx.settings), on(ctx, 'pasteWrapImagesWithLink'));
  if (!wrapped) return;
  event.preventDefault();
  insertAtCaret(field, wrapped);
}

export const paste: FeatureDef = {
  id: 'paste',
  styles,
  title: 'Paste and upload',
  category: 'paste',
  description: 'Wraps pasted image links as images and uploads pasted or dropped images to an image host.',
  options: [
    {
      key: 'pasteEnabled',
      title: 'Wrap pasted images',
      description: 'Wrap pasted image links with image tags.',
      default: false,
    },
    {
      key: 'pasteWrapImagesWithLink',
      title: 'Link pasted images',
      description: 'Also wrap pasted images in a link to the image.',
      default: false,
    },
    {
      key: IMAGE_WIDTH_VALUE,
      title: 'Pasted image width',
      description: 'Width used when pasting images.',
      default: DEFAULT_IMAGE_WIDTH,
      min: 1,
      max: 10000,
    },
    {
      key: IMAGE_WIDTH_PERCENT,
      title: 'Image width in percent',
      description: 'Use percentage instead of pixels as image width.',
      default: false,
    },
    {
      key: 'pasteImagesToHostService',
      title: 'Upload pasted images',
      description: 'Upload pasted and dropped images to the selected image host.',
      default: false,
    },
  ],
  commands: [
    {
      id: 'paste.image-host',
      title: 'Image host settings',
      section: 'VoidVerified Settings',
      keywords: ['upload', 'catbox', 'imgbb', 'imgur', 'paste', 'images'],
      page: 'paste.image-host',
    },
  ],
  panels: [
    {
      kind: 'palette-page',
      id: 'paste.image-host',
      title: 'Image host settings',
      layout: 'form',
      component: ({ ctx }) => <ImageHostSettings ctx={ctx} />,
    },
    { kind: 'settings-tab', id: IMAGE_HOST_TAB, title: 'image host', option: 'pasteImagesToHostService', component: ImageHostSettings },
  ],
  page: [
    {
      // One pair of delegated listeners for the whole document (shadow roots included: paste and drop events are composed).
      id: 'paste-and-drop',
      when: (ctx) => on(ctx, 'pasteEnabled') || on(ctx, 'pasteImagesToHostService'),
      setupFailure: PASTE_SETUP_FAILED,
      run: (ctx) => {
        const doc = document;
        const options = { signal: ctx.signal };
        doc.addEventListener('paste', (e) => onPaste(e, ctx), options);
        doc.addEventListener(
          'drop',
          (e) => {
            const field = markdownField(e);
            if (field) uploadFiles(e, field, e.dataTransfer?.files, ctx);
          },
          options,
        );
        // Lets files be dropped on the editors (a drop fires only where dragover was cancelled or text is accepted).
        doc.addEventListener(
          'dragover',
          (e) => {
            if (e.dataTransfer?.types.includes('Files') && markdownField(e) && on(ctx, 'pasteImagesToHostService')) e.preventDefault();
          },
          options,
        );
      },
    },
    {
      // imgur sends the user back to /settings/developer#void_imgur&access_token=…
      id: 'imgur-return',
      route: isSettingsDeveloper,
      run: (ctx) => void acceptImgurReturn(ctx),
    },
    {
      // At start-up (once per page load): refresh an expired imgur token.
      id: 'imgur-refresh',
      run: (ctx) => void refreshImgur(ctx.toasts, uploader(ctx)),
    },
  ],
  injections: [
    {
      // Videos in rendered markdown whose <source> type is missing or wrong for its extension.
      id: 'video-type-fixer',
      selector: '.markdown video source',
      optional: true,
      mount: (source) => {
        const type = fixedVideoType(source.getAttribute('src') ?? '', source.getAttribute('type'));
        if (!type) return;
        source.setAttribute('type', type);
        const video = source.parentElement;
        // Re-run source selection if the browser already gave up on (or has not picked) a source.
        if (
          video instanceof HTMLVideoElement &&
          (video.error || !video.currentSrc || video.networkState === HTMLMediaElement.NETWORK_NO_SOURCE)
        )
          video.load();
      },
    },
  ],
};
