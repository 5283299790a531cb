import { useId } from 'react';
import type { CommandContext } from '../commands/types';
import {
  clearImgurAuthorization,
  IMAGE_HOSTS,
  imageHostConfigKey,
  IMGBB_KEY_PAGE,
  IMGUR_ADD_CLIENT_URL,
  IMGUR_CALLBACK_URL,
  imgurAuthorizeUrl,
  type ImageHost,
  type ImageHostConfig,
} from '../data/image-hosts';
import { settingsKey } from '../data/config';
import { beginOAuth, withState } from '../data/oauth';
import { formatDate, timeConfigKey } from '../data/time';
import { useStored } from './hooks';

type Configs = ImageHostConfig['configurations'];

/** Sends the user to imgur to approve, once the pending marker its return is checked against is stored. */
async function startImgurAuthorization(ctx: CommandContext, clientId: string): Promise<void> {
  const state = await beginOAuth(ctx.store, 'imgur');
  ctx.route.load(withState(imgurAuthorizeUrl(clientId), state));
}

/**
 * Image host settings: the host used for pasted and dropped images and its
 * keys. imgbb: API key. imgur: Client ID and Client Secret, Authorize / Clear Authorization and the
 * setup steps. catbox: user hash. Every change is stored at once.
 */
export function ImageHostSettings({ ctx }: { ctx: CommandContext }) {
  const config = useStored(imageHostConfigKey);
  const time = useStored(timeConfigKey);
  useStored(settingsKey);
  const id = useId();
  const { imgbb, imgur, catbox } = config.configurations;
  const setHost = (selectedHost: ImageHost) => ctx.store.update(imageHostConfigKey, (c) => ({ ...c, selectedHost }));
  const set = <H extends keyof Configs>(host: H, change: Partial<Configs[H]>) =>
    ctx.store.update(imageHostConfigKey, (c) => ({
      ...c,
      configurations: { ...c.configurations, [host]: { ...c.configurations[host], ...change } },
    }));
  const text = (label: string, key: string, value: string, onChange: (v: string) => void, secret = false) => (
    <div className="vv-option">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type={secret ? 'password' : 'text'}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
  const external = (href: string, label = href) => (
    <a className="vv-link" href={href} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );

  return (
    <div className="vv-image-host">
      <h3 className="vv-heading">Image host</h3>
      <p className="vv-note">
        Where images you paste or drop into an editor are uploaded
        {ctx.settings.get('pasteImagesToHostService') === true ? '' : ' once “Upload pasted images” is on'}.
      </p>
      <div className="vv-option">
        <label htmlFor={`${id}-host`}>Image host</label>
        <select id={`${id}-host`} value={config.selectedHost} onChange={(e) => setHost(e.target.value as ImageHost)}>
          {IMAGE_HOSTS.map((h) => (
            <option key={h} value={h}>
              {h}
            </option>
          ))}
        </select>
      </div>

      {config.selectedHost === 'imgbb' && (
        <div className="vv-image-host-config" data-host="imgbb">
          {text('API key', 'imgbb-key', imgbb.apiKey, (apiKey) => set('imgbb', { apiKey }), true)}
          <p className="vv-note">
            Get your API key at {external(IMGBB_KEY_PAGE, 'api.imgbb.com')} (sign in, then “Get API key”). Without one nothing is uploaded.
          </p>
        </div>
      )}

      {config.selectedHost === 'imgur' && (
        <div className="vv-image-host-config" data-host="imgur">
          {text('Client ID', 'imgur-id', imgur.clientId, (clientId) => set('imgur', { clientId }), true)}
          {text('Client Secret', 'imgur-secret', imgur.clientSecret, (clientSecret) => set('imgur', { clientSecret }), true)}
          {imgur.authToken ? (
            <>
              <p className="vv-note">
                Authorized: uploads go to your imgur account.
                {imgur.expires !== null ? ` The token expires on ${formatDate(new Date(imgur.expires), time.dateFormat)}.` : ''}
              </p>
              <button type="button" className="vv-button" onClick={() => clearImgurAuthorization(ctx.store)}>
                Clear Authorization
              </button>
            </>
          ) : (
            imgur.clientId.trim() !== '' &&
            imgur.clientSecret.trim() !== '' && (
              <button
                type="button"
                className="vv-button vv-button-primary"
                onClick={() => void startImgurAuthorization(ctx, imgur.clientId)}
              >
                Authorize
              </button>
            )
          )}
          <ol className="vv-note vv-steps">
            <li>
              Register an application at {external(IMGUR_ADD_CLIENT_URL)} with the callback URL <code>{IMGUR_CALLBACK_URL}</code>.
            </li>
            <li>Paste its Client ID and Client Secret above.</li>
            <li>Press Authorize to upload to your account (without it, uploads are anonymous).</li>
          </ol>
        </div>
      )}

      {config.selectedHost === 'catbox' && (
        <div className="vv-image-host-config" data-host="catbox">
          {text('User hash', 'catbox-hash', catbox.userHash, (userHash) => set('catbox', { userHash }))}
          <p className="vv-note">
            Optional: your catbox.moe user hash ties uploads to your account. Uploads go through your userscript manager, which must allow
            cross-origin requests to catbox.moe.
          </p>
        </div>
      )}
    </div>
  );
}
