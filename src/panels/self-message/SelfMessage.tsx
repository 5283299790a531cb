import { useState } from 'react';

/**
 * 'Message Self' in the profile composer's own actions, as the original offers it: it sends the
 * composer's text (read by the feature when pressed) as a message to yourself.
 */
export function SelfMessage({ send }: { send(): Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="vv-button vv-button-small vv-self-message"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void send().finally(() => setBusy(false));
      }}
    >
      Message Self
    </button>
  );
}
