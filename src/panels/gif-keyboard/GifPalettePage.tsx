import { Command as Cmdk } from 'cmdk';
import type { CommandContext, PalettePageProps } from '../../commands/types';
import { classifyMedia, filterMedia, gifKeyboardKey, KIND_LABEL, MEDIA_KINDS, mediaMarkup } from '../../data/gif-keyboard';
import type { TextField } from '../../inject/editor-text';
import { useStored } from '../hooks';

/** The palette page 'GIF keyboard': saved media by kind, at most 50 a group; picking one inserts or copies its markup. */

const PER_GROUP = 50;

export function GifPalettePage({
  query,
  ctx,
  close,
  target: targetOf,
  deliver,
}: PalettePageProps & {
  /** The editor the markup would go into (null: it is copied). */
  target(ctx: CommandContext): TextField | null;
  /** Inserts the markup into that editor, or copies it; closes the palette. */
  deliver(ctx: CommandContext, markup: string, close: () => void): void;
}) {
  const config = useStored(gifKeyboardKey);
  const matches = filterMedia(config, query);
  if (!config.gifs.length && !config.images.length)
    return <Cmdk.Empty>No saved GIFs or images yet: add some with the GIF button under an editor.</Cmdk.Empty>;
  if (!matches.length) return <Cmdk.Empty>No saved media matches “{query.trim()}”.</Cmdk.Empty>;
  const target = targetOf(ctx) ? 'Insert' : 'Copy';
  return (
    <>
      {MEDIA_KINDS.map((kind) => {
        const list = matches.filter((m) => m.kind === kind);
        if (!list.length) return null;
        return (
          <Cmdk.Group key={kind} heading={KIND_LABEL[kind]} className="vv-group">
            {list.slice(0, PER_GROUP).map(({ url }) => (
              <Cmdk.Item
                key={url}
                value={`${kind}:${url}`}
                className="vv-item"
                onSelect={() => deliver(ctx, mediaMarkup(url, config.gifSize), close)}
              >
                {/* classifyMedia accepts http(s) URLs only: nothing else becomes an image source. */}
                {classifyMedia(url) && (
                  <img className="vv-gif-thumb" src={url} alt="" width={40} height={40} loading="lazy" referrerPolicy="no-referrer" />
                )}
                <span className="vv-item-title">{url}</span>
                <span className="vv-item-hint">{target}</span>
              </Cmdk.Item>
            ))}
            {list.length > PER_GROUP && (
              <div className="vv-more">{list.length - PER_GROUP} more: type part of a URL to narrow the list.</div>
            )}
          </Cmdk.Group>
        );
      })}
    </>
  );
}
