import * as Dialog from '@radix-ui/react-dialog';
import { useContext, useEffect, useRef, useState, type FormEvent } from 'react';
import { deepActiveElement, restoreFocus } from '../inject/shadow';
import { createStore } from '../data/store';
import { useLayer } from './common/layers';
import { PortalContainer, useStore } from './hooks';

/**
 * The confirm dialog: title 'Warning', default text 'Are you sure
 * you want to do this?', buttons Cancel and Ok. `confirmDialog()` resolves with the choice.
 * The prompt dialog (`promptDialog()`): a title, a text field and Cancel and Ok, resolving with
 * the text, or null when cancelled.
 */

const CONFIRM_DEFAULT_TEXT = 'Are you sure you want to do this?';

interface Pending {
  text: string;
  /** A prompt: its field's placeholder (the text is then its title). */
  prompt?: { placeholder: string };
  resolve(answer: string | null): void;
  /** What had focus when it was asked, where focus goes back after. */
  focusedBefore: Element | null;
}

/** The question on screen; asking a new one answers the previous one with Cancel. */
const pending = createStore<Pending | null>(null);

function ask(question: Pick<Pending, 'text' | 'prompt'>): Promise<string | null> {
  const before = pending.get();
  before?.resolve(null);
  const focusedBefore = before ? before.focusedBefore : deepActiveElement();
  return new Promise((resolve) => pending.set({ ...question, resolve, focusedBefore }));
}

export const confirmDialog = (text: string = CONFIRM_DEFAULT_TEXT): Promise<boolean> => ask({ text }).then((answer) => answer !== null);

export const promptDialog = (title: string, placeholder = ''): Promise<string | null> => ask({ text: title, prompt: { placeholder } });

function settle(answer: string | null) {
  const current = pending.get();
  pending.set(null);
  current?.resolve(answer);
}

function Actions({ submit }: { submit: boolean }) {
  return (
    <div className="vv-dialog-actions">
      <button type="button" className="vv-button" onClick={() => settle(null)}>
        Cancel
      </button>
      <button
        type={submit ? 'submit' : 'button'}
        className="vv-button vv-button-primary"
        onClick={submit ? undefined : () => settle('')}
        autoFocus={!submit}
      >
        Ok
      </button>
    </div>
  );
}

function PromptForm({ placeholder, label }: { placeholder: string; label: string }) {
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    settle(value);
  };
  return (
    <form onSubmit={submit}>
      <input
        className="vv-input vv-prompt-input"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        autoFocus
        onChange={(event) => setValue(event.currentTarget.value)}
      />
      <Actions submit />
    </form>
  );
}

export function ConfirmHost() {
  const current = useStore(pending);
  // Radix calls onCloseAutoFocus after the question is gone: keep where focus goes back.
  const returnTo = useRef<Element | null>(null);
  useEffect(() => {
    if (current) returnTo.current = current.focusedBefore;
  }, [current]);
  const container = useContext(PortalContainer);
  const z = useLayer(current !== null);
  return (
    <Dialog.Root open={current !== null} onOpenChange={(open) => !open && settle(null)}>
      <Dialog.Portal container={container}>
        <Dialog.Overlay className="vv-backdrop" style={{ zIndex: z }} />
        <Dialog.Content
          className="vv-dialog"
          role="alertdialog"
          style={{ zIndex: z + 1 }}
          // A prompt has no description: its title names the field.
          {...(current?.prompt ? { 'aria-describedby': undefined } : {})}
          // Radix cannot tell focus moved inside our shadow root (document.activeElement stays its host) and focuses the box: the field takes it.
          onOpenAutoFocus={(event) => {
            const field = (event.currentTarget as HTMLElement).querySelector('input');
            if (!field) return;
            event.preventDefault();
            field.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            restoreFocus(returnTo.current);
          }}
        >
          {current?.prompt ? (
            <>
              <Dialog.Title className="vv-dialog-title">{current.text}</Dialog.Title>
              <PromptForm key={current.text} placeholder={current.prompt.placeholder} label={current.text} />
            </>
          ) : (
            <>
              <Dialog.Title className="vv-dialog-title">Warning</Dialog.Title>
              <Dialog.Description className="vv-dialog-text">{current?.text}</Dialog.Description>
              <Actions submit={false} />
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
