import { CLIENT_TEXTS, type ClientDeps } from '../data/graphql';
import type { ToastBus } from './toast-bus';

/**
 * What the API client tells its owner, said to the user: every request goes through the client,
 * so start-up (main.tsx) owns these notices and hands the client this pair. The caller of the
 * failed request reports its own failure besides (attempt).
 */
export function clientReports(
  toasts: Pick<ToastBus, 'error' | 'warning'>,
): Required<Pick<ClientDeps, 'onMissingToken' | 'onUnreachable' | 'onBackoffRaised' | 'onLowRemaining'>> {
  return {
    onMissingToken: () => toasts.error(CLIENT_TEXTS.missingToken),
    onUnreachable: (remaining) => toasts.warning(CLIENT_TEXTS.unreachable(remaining)),
    onBackoffRaised: (level) => toasts.warning(CLIENT_TEXTS.backoffRaised(level)),
    onLowRemaining: (remaining) => toasts.warning(CLIENT_TEXTS.lowRemaining(remaining)),
  };
}
