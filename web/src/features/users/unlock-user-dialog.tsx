import { messages, type User } from '@dosechain/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { queryKeys } from '../../api/query-keys.ts';
import { ReasonDialog, type ReasonMeta } from '../../components/form/reason-dialog.tsx';
import { USERS } from '../../components/users/user-choices.ts';

/** Unlock a locked-out user: a reason (required, max 140) and the e-signature. */
export function UnlockUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const unlock = async (meta: ReasonMeta) => {
    // The dialog asks for the reason first; the server refuses an empty one.
    await api('PUT', `${USERS}/${user.id}/unlock`, {
      body: { ...meta, reasonForChange: meta.reasonForChange ?? '' },
    });
    await queryClient.invalidateQueries({ queryKey: queryKeys.lists(USERS) });
  };
  return (
    <ReasonDialog
      title="Unlock User"
      question={`Unlock User ${user.username}?`}
      submitLabel="Unlock"
      onConfirm={unlock}
      onClose={onClose}
      success={messages.userUnlocked}
      failure={messages.errorUnlockingUser}
    />
  );
}
