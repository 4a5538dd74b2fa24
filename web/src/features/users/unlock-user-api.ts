import type { HttpClient } from '../../api/http-client.ts';
import { useListChange } from '../../api/list-change.ts';
import { type ReasonMeta, requiredReasonBody } from '../../components/form/reason-dialog.tsx';
import { USERS } from '../../components/users/user-choices.ts';

/** `PUT /users/:id/unlock`, signed, with its reason. */
export const unlockUser = (api: HttpClient, userId: number, meta: ReasonMeta) =>
  api('PUT', `${USERS}/${userId}/unlock`, { body: requiredReasonBody(meta) });

/** Unlocks a locked-out user, then refreshes the user lists. */
export const useUnlockUser = () =>
  useListChange(USERS, (api, { id, meta }: { id: number; meta: ReasonMeta }) => unlockUser(api, id, meta));
