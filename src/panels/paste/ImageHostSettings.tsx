import { useId, useRef, useState } from 'react';
import type { CommandContext } from '../../commands/types';
import {
  clearImgurAuthorization,
  HOST_FIELDS,
  IMAGE_HOSTS,
  imageHostConfigKey,
  IMGBB_KEY_PAGE,
  IMGUR_ADD_CLIENT_URL,
  IMGUR_CALLBACK_URL,
  imgurAuthorizeUrl,
  isSecretField,
  removeEntered,
  saveEntered,
  type Entered,
  type HostField,
  type ImageHost,
  HOST_SETTINGS_TEXTS,
} from '../../data/image-hosts';
import { settingsKey } from '../../data/config';
import { beginOAuth, withState } from '../../data/oauth';
import { formatDate, timeConfigKey } from '../../data/dates';
import { useStored } from '../hooks';
import { SmallButton } from '../common/SmallButton';
import { SelectOption } from '../common/OptionRows';
import { Section } from '../common/Section';

/** Sends the user to imgur to approve, once the pending marker its return is checked against is stored. */
async function startImgurAuthorization(ctx: CommandContext, clientId: string): Promise<void> {
  const state = await beginOAuth(ctx.store, 'imgur');
  ctx.route.load(withState(imgurAuthorizeUrl(clientId), state));
}

const LABELS: { [H in ImageHost]: Record<HostField<H>, string> } = {
  imgbb: { apiKey: 'API key' },
  imgur: { clientId: 'Client ID', clientSecret: 'Client Secret' },
  catbox: { userHash: 'User hash' },
};

/** A stored credential's field: says "set", never the value, with Replace and Remove. */
function StoredSecret({ id, replace, remove }: { id: string; replace(): void; remove(): void }) {
  return (
    <>
      <output id={id} className="vv-secret-set">
        set
      </output>
      <SmallButton onClick={replace}>Replace</SmallButton>
      <SmallButton onClick={remove}>Remove</SmallButton>
    </>
  );
}

/**
 * One host's fields and their Save. What is typed stays in the fields until Save (or Enter in a
 * field). Credentials are write-only: a stored one is never put back into the page (where any
 * script could read it); its field says "set" and offers Replace (an empty field to type a new
 * one: saving it empty keeps the stored one) and Remove. Public values (imgur's client id) show.
 */
function HostFields<H extends ImageHost>({ ctx, host }: { ctx: CommandContext; host: H }) {
  const id = useId();
  const stored = useStored(imageHostConfigKey).configurations[host] as unknown as Record<HostField<H>, string>;
  const fields = HOST_FIELDS[host] as readonly HostField<H>[];
  const [entered, setEntered] = useState<Entered<H>>({});
  const [replacing, setReplacing] = useState<ReadonlySet<HostField<H>>>(new Set());
  const focusNext = useRef<HostField<H> | null>(null);
  const secret = (field: HostField<H>) => isSecretField(host, field);
  const isSet = (field: HostField<H>) => stored[field].trim() !== '';
  const value = (field: HostField<H>) => entered[field] ?? (secret(field) ? '' : stored[field]);
  const changed = (field: HostField<H>) => (secret(field) ? value(field).trim() !== '' : value(field).trim() !== stored[field].trim());
  const pending = fields.some(changed);
  const forget = (field: HostField<H>) => {
    setEntered((e) => ({ ...e, [field]: undefined }));
    setReplacing((r) => new Set([...r].filter((f) => f !== field)));
  };
  // Saving a field opened to replace its credential and left empty keeps the stored one.
  const save = () => {
    if (!pending && !replacing.size) return;
    if (pending) saveEntered(ctx.store, host, entered);
    setEntered({});
    setReplacing(new Set());
    if (pending) ctx.toasts.success(HOST_SETTINGS_TEXTS.saved(host));
  };
  const replace = (field: HostField<H>) => {
    focusNext.current = field;
    setReplacing((r) => new Set([...r, field]));
  };
  const remove = (field: HostField<H>) => {
    removeEntered(ctx.store, host, field);
    forget(field);
    ctx.toasts.success(HOST_SETTINGS_TEXTS.removed(host, LABELS[host][field]));
  };

  const input = (field: HostField<H>) => (
    <input
      id={`${id}-${field}`}
      ref={(el) => {
        if (el && focusNext.current === field) {
          focusNext.current = null;
          el.focus();
        }
      }}
      type={secret(field) ? 'password' : 'text'}
      autoComplete="off"
      spellCheck={false}
      placeholder={secret(field) && isSet(field) ? 'New value (empty keeps the stored one)' : undefined}
      value={value(field)}
      onChange={(e) => setEntered((prev) => ({ ...prev, [field]: e.target.value }))}
      onKeyDown={(e) => e.key === 'Enter' && save()}
    />
  );
  return (
    <>
      {fields.map((field) => (
        <div key={field} className="vv-option">
          <label htmlFor={`${id}-${field}`}>{LABELS[host][field]}</label>
          {secret(field) && isSet(field) && !replacing.has(field) ? (
            <StoredSecret id={`${id}-${field}`} replace={() => replace(field)} remove={() => remove(field)} />
          ) : (
            input(field)
          )}
          {replacing.has(field) && <SmallButton onClick={() => forget(field)}>Keep the stored one</SmallButton>}
        </div>
      ))}
      <button type="button" className="vv-button vv-button-primary" disabled={!pending && !replacing.size} onClick={save}>
        Save
      </button>
    </>
  );
}

/**
 * Image host settings: the host used for pasted and dropped images and its keys. imgbb: API key.
 * imgur: Client ID and Client Secret, Authorize / Clear Authorization and the setup steps. catbox:
 * user hash. The host is stored when chosen; a host's keys when saved (HostFields).
 */
export function ImageHostSettings({ ctx }: { ctx: CommandContext }) {
  const config = useStored(imageHostConfigKey);
  useStored(settingsKey);
  const setHost = (selectedHost: ImageHost) => ctx.store.update(imageHostConfigKey, (c) => ({ ...c, selectedHost }));

  return (
    <Section className="vv-image-host" title="Image host">
      <p className="vv-note">
        Where images you paste or drop into an editor are uploaded
        {ctx.settings.get('pasteImagesToHostService') === true ? '' : ' once “Upload pasted images” is on'}.
      </p>
      <SelectOption label="Image host" value={config.selectedHost} choices={IMAGE_HOSTS} onChange={(h) => setHost(h as ImageHost)} />

      {config.selectedHost === 'imgbb' && (
        <div className="vv-image-host-config" data-host="imgbb">
          <HostFields ctx={ctx} host="imgbb" />
          <p className="vv-note">
            Get your API key at <External href={IMGBB_KEY_PAGE} label="api.imgbb.com" /> (sign in, then “Get API key”). Without one nothing
            is uploaded.
          </p>
        </div>
      )}

      {config.selectedHost === 'imgur' && <ImgurSettings ctx={ctx} />}

      {config.selectedHost === 'catbox' && (
        <div className="vv-image-host-config" data-host="catbox">
          <HostFields ctx={ctx} host="catbox" />
          <p className="vv-note">
            Optional: your catbox.moe user hash ties uploads to your account. Uploads go through your userscript manager, which must allow
            cross-origin requests to catbox.moe.
          </p>
        </div>
      )}
    </Section>
  );
}

function External({ href, label = href }: { href: string; label?: string }) {
  return (
    <a className="vv-link" href={href} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}

/** imgur: its fields, Authorize or Clear Authorization (with the token's expiry), and the setup steps. */
function ImgurSettings({ ctx }: { ctx: CommandContext }) {
  const { imgur } = useStored(imageHostConfigKey).configurations;
  const time = useStored(timeConfigKey);
  return (
    <div className="vv-image-host-config" data-host="imgur">
      <HostFields ctx={ctx} host="imgur" />
      {imgur.authToken ? (
        <>
          <p className="vv-note">
            Authorized: uploads go to your imgur account.
            {imgur.expires !== null ? ` The token expires on ${formatDate(new Date(imgur.expires), time.dateFormat)}.` : ''}
          </p>
          <button type="button" className="vv-button" onClick={() => void clearImgurAuthorization(ctx)}>
            Clear Authorization
          </button>
        </>
      ) : (
        imgur.clientId.trim() !== '' &&
        imgur.clientSecret.trim() !== '' && (
          <button type="button" className="vv-button vv-button-primary" onClick={() => void startImgurAuthorization(ctx, imgur.clientId)}>
            Authorize
          </button>
        )
      )}
      <ol className="vv-note vv-steps">
        <li>
          Register an application at <External href={IMGUR_ADD_CLIENT_URL} /> with the callback URL <code>{IMGUR_CALLBACK_URL}</code>.
        </li>
        <li>Enter its Client ID and Client Secret above, and Save.</li>
        <li>Press Authorize to upload to your account (without it, uploads are anonymous).</li>
      </ol>
    </div>
  );
}
