import { useMemo } from 'react';

import { pendingApprovals } from '../../../shared/pwa/approvals';
import { useAppBadge } from '../../../shared/pwa/badge';
import { InstallApp } from '../../../shared/pwa/InstallApp';
import { PushOptIn } from '../../../shared/pwa/PushOptIn';
import { PushSettings } from '../../../shared/pwa/PushSettings';
import type { RemoteState, RemoteStore } from '../client/remoteStore';
import { useNotificationTarget } from './useNotificationTarget';

/**
 * The installed-app side of the console (issue #14): the app badge counts pending approvals, a notification tap opens
 * its session, and the one-time offer of notifications follows the first approval request (never on page load).
 */
export function ConsolePwa({ state, store }: { state: RemoteState; store: RemoteStore }) {
  const approvals = useMemo(() => pendingApprovals(Object.values(state.logs)), [state.logs]);
  useAppBadge(approvals.count);
  useNotificationTarget(state, store);
  return <PushOptIn sawApproval={approvals.any} />;
}

/** Settings: install the app, and this device's notifications. */
export function PwaSettings() {
  return (
    <>
      <InstallApp />
      <PushSettings />
    </>
  );
}
