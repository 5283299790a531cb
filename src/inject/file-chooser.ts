import { attachShadowUi, createUiHost } from './shadow';
import { clickOwn } from './trusted-input';

/**
 * Opens the browser's file chooser from a file input inside our own closed shadow-root host (the
 * page cannot reach the input or the file), then gives the chosen file, if any, to `chosen`.
 * `accept` as the input's (empty: any file).
 */
export function chooseFile(kind: string, accept: string, chosen: (file: File) => void): void {
  const host = createUiHost(kind, 'span');
  document.body.append(host);
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = accept;
  input.hidden = true;
  attachShadowUi(host).container.append(input);
  input.addEventListener('cancel', () => host.remove(), { once: true });
  input.addEventListener(
    'change',
    () => {
      const file = input.files?.[0];
      host.remove();
      if (file) chosen(file);
    },
    { once: true },
  );
  // Our own click (the guard on our shadow roots lets only a person's input through).
  clickOwn(input);
}
