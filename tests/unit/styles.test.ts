// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { Registry } from '../../src/commands/registry';
import type { FeatureDef, OptionValue } from '../../src/commands/types';
import { attachShadowUi, createUiHost, setUiStyles } from '../../src/inject/shadow';

/**
 * Our shadow roots hold the shared style sheets and those of the features that are on
 * (src/panels/styles.ts, `Registry.styles`, `setUiStyles`): a feature switched off drops its
 * sheet from every root, switched on adds it back, without a reload.
 */

afterEach(() => {
  setUiStyles([]);
  document.body.replaceChildren();
});

const feature = (id: string, extra: Partial<FeatureDef> = {}): FeatureDef => ({
  id,
  title: id,
  description: `The ${id} feature.`,
  category: 'misc',
  styles: `.vv-${id} {}`,
  ...extra,
});

function settingsOf(values: Record<string, OptionValue>) {
  return { settings: { get: (key: string) => values[key] ?? false, set: (key: string, value: OptionValue) => void (values[key] = value) } };
}

/** The texts of a root's sheets, in order. */
const sheetsOf = (root: ShadowRoot) => root.adoptedStyleSheets.map((sheet) => [...sheet.cssRules].map((r) => r.cssText).join(''));

describe("a feature's style sheet", () => {
  const registry = new Registry();
  registry.define(feature('always'));
  registry.define(feature('switched', { toggle: 'switchedOn', options: [{ key: 'switchedOn', default: true }] }));
  registry.define(
    feature('configurable', {
      toggle: 'configurableOn',
      options: [{ key: 'configurableOn', default: false }],
      // Its configuration page is listed while it is off, and must be styled then.
      commands: [{ id: 'configurable.configure', title: 'Configure', section: 'Settings', toggle: null, page: 'configurable.page' }],
    }),
  );
  registry.define(feature('unstyled', { styles: undefined }));

  it('is listed while its feature is on, in the order of the features, and not while it is off', () => {
    expect(registry.styles(settingsOf({ switchedOn: true }))).toEqual(['.vv-always {}', '.vv-switched {}', '.vv-configurable {}']);
    expect(registry.styles(settingsOf({ switchedOn: false }))).toEqual(['.vv-always {}', '.vv-configurable {}']);
  });

  it('is listed while its feature is off when a part of it is shown then (toggle: null)', () => {
    expect(registry.styles(settingsOf({ configurableOn: false }))).toContain('.vv-configurable {}');
  });
});

describe('the style sheets of our roots', () => {
  const root = () => {
    const host = createUiHost('test');
    document.body.append(host);
    return attachShadowUi(host).root;
  };

  it('are the ones last set, in that order, in the roots made before and after', () => {
    const before = root();
    setUiStyles(['.vv-a { color: red; }', '.vv-b { color: blue; }']);
    const after = root();
    expect(sheetsOf(before)).toEqual(['.vv-a { color: red; }', '.vv-b { color: blue; }']);
    expect(sheetsOf(after)).toEqual(sheetsOf(before));
    // One constructed sheet per text, shared by the roots.
    expect(after.adoptedStyleSheets[1]).toBe(before.adoptedStyleSheets[1]);
  });

  it('drop a sheet left out and take one added, in every root', () => {
    const [first, second] = [root(), root()];
    setUiStyles(['.vv-a { color: red; }', '.vv-b { color: blue; }']);
    setUiStyles(['.vv-a { color: red; }']);
    expect(sheetsOf(first)).toEqual(['.vv-a { color: red; }']);
    setUiStyles(['.vv-a { color: red; }', '.vv-c { color: green; }']);
    expect(sheetsOf(second)).toEqual(['.vv-a { color: red; }', '.vv-c { color: green; }']);
  });
});
