import { Fragment, memo, useEffect, useId, useMemo, useReducer, useState } from 'react';
import type { CommandContext } from '../../commands/types';
import { settingsKey } from '../../data/config';
import { REPLY_LIMIT, setWidthUnit, TASKBAR_COMMANDS, TASKBAR_HOSTS, TASKBAR_LABELS as L, TEXT_LIMIT } from '../../data/editor-taskbar';
import { TEXT_COUNT_LABELS, textCounts } from '../../data/text-counts';
import { imageHostConfigKey } from '../../data/image-hosts';
import { IMAGE_WIDTH_PERCENT, IMAGE_WIDTH_VALUE, imageWidthOf, WIDTH_SLIDER, widthNumber } from '../../data/image-markup';
import { useStored } from '../hooks';
import { ToolButton } from './ToolButton';

/**
 * The markdown taskbar (document 3, C8) under an editor, AniList's or ours: with uploads on, the
 * upload button, the image host, the two wrap toggles and the width; then the buttons other
 * features declare for editors (`editorButton` on a command); then the character counter, with
 * the counts on hover and on focus. Each control runs its palette command aimed at this editor.
 */

type Field = () => HTMLTextAreaElement | null;

export function MarkdownTaskbar({ ctx, field, reply }: { ctx: CommandContext; field: Field; reply(): boolean }) {
  const settings = useStored(settingsKey);
  return (
    <div className="vv-taskbar" role="toolbar" aria-label={L.bar}>
      {settings.pasteImagesToHostService === true && <ImageControls ctx={ctx} field={field} />}
      <EditorButtons ctx={ctx} field={field} settings={settings} />
      <Counter field={field} reply={reply} />
    </div>
  );
}

function ImageControls({ ctx, field }: { ctx: CommandContext; field: Field }) {
  const hosts = useStored(imageHostConfigKey);
  const run = (id: string) => void ctx.run(id, field());
  const on = (key: string) => ctx.settings.get(key) === true;
  return (
    <>
      <ToolButton label={L.upload} onClick={() => run(TASKBAR_COMMANDS.upload)}>
        ⤒
      </ToolButton>
      <select
        className="vv-taskbar-host"
        aria-label={L.host}
        title={L.host}
        value={hosts.selectedHost}
        onChange={(e) => run(TASKBAR_COMMANDS.host(e.currentTarget.value))}
      >
        {TASKBAR_HOSTS.map((host) => (
          <option key={host} value={host}>
            {host}
          </option>
        ))}
      </select>
      <Toggle label={L.wrapLink} pressed={on('pasteWrapImagesWithLink')} face="a" onClick={() => run(TASKBAR_COMMANDS.wrapLink)} />
      <Toggle label={L.wrapTag} pressed={on('pasteEnabled')} face="img" onClick={() => run(TASKBAR_COMMANDS.wrapTag)} />
      <span className="vv-taskbar-popover-anchor">
        <ToolButton label={`${L.width} ${imageWidthOf(ctx.settings)}`} title={L.width}>
          ⇔
        </ToolButton>
        <span className="vv-taskbar-popover">
          <WidthControl ctx={ctx} />
        </span>
      </span>
    </>
  );
}

function Toggle({ label, pressed, face, onClick }: { label: string; pressed: boolean; face: string; onClick(): void }) {
  return (
    <ToolButton label={label} className={`vv-taskbar-button${pressed ? ' vv-taskbar-on' : ''}`} aria-pressed={pressed} onClick={onClick}>
      {face}
    </ToolButton>
  );
}

/** The width slider (10–1000 in steps of 5, to 100 in percent) with its value and the PX/% switch; also the palette's 'Image width' page. */
export function WidthControl({ ctx }: { ctx: Pick<CommandContext, 'settings'> }) {
  useStored(settingsKey);
  const percent = ctx.settings.get(IMAGE_WIDTH_PERCENT) === true;
  const max = percent ? WIDTH_SLIDER.maxPercent : WIDTH_SLIDER.max;
  const value = Math.min(widthNumber(ctx.settings.get(IMAGE_WIDTH_VALUE)), max);
  const unit = percent ? '%' : 'px';
  return (
    <span className="vv-taskbar-width" role="group" aria-label={L.width}>
      <input
        type="range"
        min={WIDTH_SLIDER.min}
        max={max}
        step={WIDTH_SLIDER.step}
        value={value}
        aria-label={L.width}
        aria-valuetext={`${value}${unit}`}
        onInput={(e) => ctx.settings.set(IMAGE_WIDTH_VALUE, Number(e.currentTarget.value))}
      />
      <output className="vv-taskbar-width-value">{`${value}${unit}`}</output>
      <button type="button" className="vv-taskbar-unit" aria-pressed={!percent} onClick={() => setWidthUnit(ctx.settings, false)}>
        {L.pixels}
      </button>
      <button type="button" className="vv-taskbar-unit" aria-pressed={percent} onClick={() => setWidthUnit(ctx.settings, true)}>
        {L.percent}
      </button>
    </span>
  );
}

/**
 * The commands other features declare for editors (`editorButton`), as the registry allows them for
 * this editor: worked out again when the options (`settings`) or the registry change, not as the text does.
 */
const EditorButtons = memo(function EditorButtons({ ctx, field }: { ctx: CommandContext; field: Field; settings: unknown }) {
  const [, changed] = useReducer((n: number) => n + 1, 0);
  useEffect(() => ctx.registry.subscribe(() => changed()), [ctx]);
  const here = ctx.context(field());
  const commands = ctx.registry.commands(here).filter((command) => {
    try {
      return command.editorButton !== undefined && ctx.registry.allows(command, here);
    } catch {
      return false;
    }
  });
  return commands.map((command) => (
    <ToolButton key={command.id} label={command.title} data-command={command.id} onClick={() => void ctx.run(command.id, field())}>
      {command.editorButton!.icon}
    </ToolButton>
  ));
});

const measure = (field: Field, reply: () => boolean) => ({ text: field()?.value ?? '', limit: reply() ? REPLY_LIMIT : TEXT_LIMIT });

/** `{length} / 8000` in a reply editor, `/ 10000` elsewhere; the counts grid on hover and keyboard focus. */
function Counter({ field, reply }: { field: Field; reply(): boolean }) {
  const [state, setState] = useState(() => measure(field, reply));
  useEffect(() => {
    const target = field();
    // The host's editor: its reply panel's toggle changes the limit (and any click or input may change the text).
    const editor = target?.closest('.activity-edit') ?? target;
    if (!editor) return;
    // Bubbling, after the event has done its work (the reply panel's toggle mounts or removes the panel in its handler).
    const refresh = () => setState(measure(field, reply));
    const controller = new AbortController();
    for (const type of ['input', 'focusin', 'click']) editor.addEventListener(type, refresh, { signal: controller.signal });
    refresh();
    return () => controller.abort();
  }, [field, reply]);
  const counts = useMemo(() => textCounts(state.text), [state.text]);
  const id = useId();
  return (
    <span className="vv-taskbar-count">
      <span className="vv-taskbar-counter" tabIndex={0} aria-describedby={id}>
        {`${state.text.length} / ${state.limit}`}
      </span>
      <span className="vv-taskbar-counts" role="tooltip" id={id}>
        {TEXT_COUNT_LABELS.map(([key, label]) => (
          <Fragment key={key}>
            <span>{label}</span>
            <span>{counts[key]}</span>
          </Fragment>
        ))}
      </span>
    </span>
  );
}
