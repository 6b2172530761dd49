import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from './ConfirmDialog.js';
import { LEAVE_QUESTION, blocksLeaving } from '../lib/leave-guard.js';

/** Mounted once inside the data router (renderer/app/App.tsx): the one blocker, asking with the leave question. */
export function LeaveGuardHost() {
  const blocker = useBlocker(blocksLeaving);
  return <LeaveDialog open={blocker.state === 'blocked'} onLeave={() => blocker.proceed?.()} onStay={() => blocker.reset?.()} />;
}

/**
 * The leave question, in the kit's dialog (not the browser's window.confirm: same look, focus returned, and the
 * desktop app's windows show no native prompt). Staying is the safe default: the focus starts on Stay.
 */
export function LeaveDialog({ open, onLeave, onStay }: { readonly open: boolean; readonly onLeave: () => void; readonly onStay: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      title="Leave this page?"
      description={LEAVE_QUESTION}
      confirmLabel="Leave"
      cancelLabel="Stay"
      danger
      onConfirm={onLeave}
      onCancel={onStay}
    />
  );
}
