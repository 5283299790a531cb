import { attempt } from '../data/api-errors';
import { IMAGE_HOST_TOASTS, type ImageUploader, UPLOAD_TEXTS } from '../data/image-hosts';
import type { ToastBus } from './toast-bus';

/**
 * Uploading images to the selected image host, with its toasts (the spec's upload texts): what the
 * paste feature does with pasted and dropped images and the markdown taskbar with a picked file.
 */

/** Said when an upload is asked for while another runs. */
export const UPLOAD_BUSY_MESSAGE = 'An image is still uploading. Try again when it is done.';

type UploadToasts = Pick<ToastBus, 'debug' | 'success' | 'error'>;

/**
 * Refreshes the imgur token when it is due, and says how it went (once, however many ask while it
 * runs); true when a new token was stored.
 */
export function refreshImgur(toasts: Pick<ToastBus, 'success' | 'error'>, hosts: ImageUploader): Promise<boolean> {
  return hosts.refreshImgur(async (refresh) => {
    const refreshed = await attempt(
      toasts,
      { toast: IMAGE_HOST_TOASTS.refreshFailed, log: 'imgur token refresh failed', detail: false },
      refresh,
    );
    if (refreshed.ok && refreshed.value) toasts.success(IMAGE_HOST_TOASTS.refreshed);
    return refreshed.ok && refreshed.value;
  });
}

/** Uploads one image and says how it went (see UPLOAD_TEXTS): its URL, or null (failed or nothing sent). */
async function uploadOne(toasts: UploadToasts, hosts: ImageUploader, file: File): Promise<string | null> {
  const upload = await hosts.prepare(file);
  if (!upload) return null;
  const texts = UPLOAD_TEXTS[upload.host];
  if (texts.uploading) toasts.debug(texts.uploading);
  if (upload.host === 'imgur') await refreshImgur(toasts, hosts);
  const sent = await attempt(
    toasts,
    { toast: texts.failed, log: `image upload to ${new URL(upload.endpoint).hostname} failed`, detail: false },
    () => upload.send(),
  );
  if (!sent.ok) return null;
  if (texts.done) toasts.success(texts.done);
  return sent.value;
}

/** Uploads each image in turn, holding the upload lock: the URLs of those that succeeded, or null when another upload runs. */
export function uploadImages(toasts: UploadToasts, hosts: ImageUploader, files: readonly File[]): Promise<string[] | null> {
  return hosts.exclusive(async () => {
    const urls: string[] = [];
    for (const file of files) {
      const url = await uploadOne(toasts, hosts, file);
      if (url) urls.push(url);
    }
    return urls;
  });
}
