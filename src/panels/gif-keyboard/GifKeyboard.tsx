import { useId, useState, type FormEvent } from 'react';
import type { CommandContext } from '../../commands/types';
import {
  ADD_ERROR,
  addedMessage,
  addMedia,
  classifyMedia,
  gifKeyboardKey,
  GIF_SIZE_MAX,
  GIF_SIZE_MIN,
  GIF_SIZE_STEP,
  httpUrl,
  KIND_LABEL,
  MEDIA_KINDS,
  mediaMarkup,
  pageOf,
  pageOfIndex,
  removeMedia,
  type MediaKind,
} from '../../data/gif-keyboard';
import { Pagination } from '../common/Pagination';
import { useStored } from '../hooks';
import { TabList } from '../common/TabList';
import { SmallButton } from '../common/SmallButton';

const EMPTY: Record<MediaKind, string> = { gifs: "It's pronounced GIF.", images: 'You have no funny memes :c' };

/**
 * The GIF keyboard under an editor: GIFS and Images tabs, the size slider,
 * the add-media field, 30 media a page in 3 columns. A click inserts img{size}(url) through
 * `insert`; × removes the media. Every keyboard on the page shows the same stored lists.
 */
export function GifKeyboard({ ctx, insert }: { ctx: CommandContext; insert(markup: string): void }) {
  const config = useStored(gifKeyboardKey);
  const [kind, setKind] = useState<MediaKind>('gifs');
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState('');
  const id = useId();
  const view = pageOf(config[kind], page);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const url = draft.trim();
    if (classifyMedia(url) !== kind) {
      ctx.toasts.error(ADD_ERROR);
      return;
    }
    const next = ctx.store.update(gifKeyboardKey, (c) => addMedia(c, kind, url));
    setDraft('');
    setPage(pageOfIndex(next[kind].indexOf(url)));
    ctx.toasts.success(addedMessage(kind));
  };

  return (
    <section className="vv-gif-keyboard" aria-label="GIF keyboard">
      <div className="vv-gif-head">
        <TabList
          label="GIF keyboard tabs"
          tabs={MEDIA_KINDS}
          selected={kind}
          id={(k) => `${id}-${k}`}
          controls={`${id}-panel`}
          onSelect={(k) => {
            setKind(k);
            setPage(1);
          }}
        >
          {(k) => KIND_LABEL[k]}
        </TabList>
        <SizeSlider ctx={ctx} size={config.gifSize} />
      </div>
      <form className="vv-gif-add" onSubmit={add}>
        <input
          type="text"
          inputMode="url"
          className="vv-filter"
          placeholder="Add media..."
          aria-label="Add media"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <SmallButton type="submit">Add</SmallButton>
      </form>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${kind}`}>
        {view.items.length === 0 ? (
          <p className="vv-note">{EMPTY[kind]}</p>
        ) : (
          <ul className="vv-gif-grid">
            {view.items.map((url) => (
              <GifItem
                key={url}
                url={url}
                insert={() => insert(mediaMarkup(url, config.gifSize))}
                remove={() => ctx.store.update(gifKeyboardKey, (c) => removeMedia(c, kind, url))}
              />
            ))}
          </ul>
        )}
        <Pagination page={view.page} lastPage={view.lastPage} onChange={setPage} label={`${KIND_LABEL[kind]} pages`} />
      </div>
    </section>
  );
}

function SizeSlider({ ctx, size }: { ctx: CommandContext; size: number }) {
  return (
    <label className="vv-gif-size">
      Size
      <input
        type="range"
        min={GIF_SIZE_MIN}
        max={GIF_SIZE_MAX}
        step={GIF_SIZE_STEP}
        value={size}
        aria-label="GIF size"
        onChange={(e) => ctx.store.update(gifKeyboardKey, (c) => ({ ...c, gifSize: Number(e.target.value) }))}
      />
      <output>{size}</output>
    </label>
  );
}

/** One media: a click inserts it, × removes it. */
function GifItem({ url, insert, remove }: { url: string; insert(): void; remove(): void }) {
  return (
    <li className="vv-gif-item">
      {httpUrl(url) ? (
        <button type="button" className="vv-gif-insert" title={url} aria-label={`Insert ${url}`} onClick={insert}>
          <img src={url} alt="" loading="lazy" referrerPolicy="no-referrer" />
        </button>
      ) : (
        // Only http(s) URLs are used as image sources; anything else can only be removed.
        <span className="vv-gif-insert vv-gif-invalid">{url}</span>
      )}
      <button type="button" className="vv-gif-remove" aria-label={`Remove ${url}`} title="Remove" onClick={remove}>
        ×
      </button>
    </li>
  );
}
