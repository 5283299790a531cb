// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Registry } from '../../src/commands/registry';
import { Providers } from '../../src/panels/overlay';
import { Palette } from '../../src/panels/palette/Palette';
import { makeTestServices } from './helpers';

/**
 * The palette opened again at once after it closed (Escape, then ctrl+space; the same text pasted
 * again): it acts on what had focus before, and lists the results for the text.
 */
function setup() {
  const registry = new Registry();
  registry.define({
    id: 'probe',
    title: 'Probe',
    category: 'misc',
    description: 'probe',
    commands: [
      {
        id: 'probe.focused',
        title: 'Act on the focused button',
        section: 'Probe',
        when: (ctx) => ctx.focused?.id === 'target',
        run: () => {},
      },
      { id: 'probe.other', title: 'Something else', section: 'Probe', run: () => {} },
    ],
  });
  const t = makeTestServices(registry, { focused: () => document.activeElement });
  const container = document.createElement('div');
  document.body.append(container);
  render(
    <Providers services={t.services} container={container} name="test">
      <Palette />
    </Providers>,
  );
  return t;
}

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const input = () => screen.getByPlaceholderText('Filter VoidVerified QuickStart');
const busy = () => document.querySelector('[cmdk-list]')?.getAttribute('aria-busy') === 'true';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('the palette opened again at once', () => {
  it('acts on what had focus before it first opened, before focus has gone back there', async () => {
    const { services } = setup();
    const target = document.createElement('button');
    target.id = 'target';
    document.body.append(target);
    target.focus();
    act(() => services.palette.open());
    fireEvent.change(input(), { target: { value: 'focused' } });
    expect(await screen.findByText('Act on the focused button')).toBeTruthy();
    // Closed and opened again before the close's focus return (a timeout) ran: the page's body has focus.
    act(() => services.palette.close());
    act(() => services.palette.open());
    expect(document.activeElement).not.toBe(target);
    fireEvent.change(input(), { target: { value: 'focused' } });
    expect(await screen.findByText('Act on the focused button')).toBeTruthy();
  });

  it('lists the results for the text it last showed, given again at once', async () => {
    const { services } = setup();
    act(() => services.palette.open());
    fireEvent.change(input(), { target: { value: 'something' } });
    await wait(150);
    expect(busy()).toBe(false);
    act(() => services.palette.close());
    act(() => services.palette.open());
    fireEvent.change(input(), { target: { value: 'something' } });
    expect(busy()).toBe(false);
    expect(await screen.findByText('Something else')).toBeTruthy();
    expect(screen.queryByText('Act on the focused button')).toBeNull();
  });
});
