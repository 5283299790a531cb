import { useState } from 'react';
import { SmallButton } from '../common/SmallButton';

/**
 * 'Message Self' in the profile composer's own actions, as the original offers it: it sends the
 * composer's text (read by the feature when pressed) as a message to yourself.
 */
export function SelfMessage({ send }: { send(): Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  return (
    <SmallButton
      className="vv-self-message"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void send().finally(() => setBusy(false));
      }}
    >
      Message Self
    </SmallButton>
  );
}
