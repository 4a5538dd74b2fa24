import { messages, type User } from '@dosechain/contract';
import { ReasonDialog } from '../../components/form/reason-dialog.tsx';
import { useUnlockUser } from './unlock-user-api.ts';

/** Unlock a locked-out user: a reason (required, max 140) and the e-signature. */
export function UnlockUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const unlock = useUnlockUser();
  return (
    <ReasonDialog
      title="Unlock User"
      question={`Unlock User ${user.username}?`}
      submitLabel="Unlock"
      onConfirm={(meta) => unlock.mutateAsync({ id: user.id, meta })}
      onClose={onClose}
      success={messages.userUnlocked}
      failure={messages.errorUnlockingUser}
    />
  );
}
