import type { CommandContext } from '../../commands/types';
import { TOAST_DURATIONS, TOAST_LEVELS, TOAST_LOCATIONS, toasterConfigKey, type ToastLocation, TEST_TOAST_TEXTS } from '../../data/toasts';
import { SelectOption } from '../common/OptionRows';
import { useStoredConfig } from '../hooks';
import { Section } from '../common/Section';

/** 'Configure Toasts': level, location and duration, and 'Test Toasts' to see them. */
export function ToastConfig({ ctx }: { ctx: CommandContext }) {
  const [config, update] = useStoredConfig(toasterConfigKey);
  const test = () => {
    ctx.toasts.info(TEST_TOAST_TEXTS.info);
    ctx.toasts.success(TEST_TOAST_TEXTS.success);
    ctx.toasts.warning(TEST_TOAST_TEXTS.warning);
    ctx.toasts.error(TEST_TOAST_TEXTS.error);
  };
  return (
    <Section className="vv-toast-config" title="Configure Toasts">
      <SelectOption
        label="Toast level"
        value={config.toastLevel}
        choices={TOAST_LEVELS.map((l) => l.rank)}
        text={(rank) => TOAST_LEVELS.find((l) => l.rank === rank)!.label}
        onChange={(rank) => update({ toastLevel: Number(rank) })}
      />
      <SelectOption
        label="Toast location"
        value={config.location}
        choices={TOAST_LOCATIONS}
        onChange={(l) => update({ location: l as ToastLocation })}
      />
      <SelectOption
        label="Toast duration"
        value={config.duration}
        choices={TOAST_DURATIONS}
        text={(d) => `${d} ${d === 1 ? 'second' : 'seconds'}`}
        onChange={(d) => update({ duration: Number(d) as (typeof TOAST_DURATIONS)[number] })}
      />
      <button type="button" className="vv-button" onClick={test}>
        Test Toasts
      </button>
    </Section>
  );
}
