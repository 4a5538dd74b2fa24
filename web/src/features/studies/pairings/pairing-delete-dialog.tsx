import { messages, type Pairing } from '@dosechain/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context.tsx';
import { queryKeys } from '../../../api/query-keys.ts';
import { ReasonDialog, type ReasonMeta } from '../../../components/form/reason-dialog.tsx';
import { pairingsResource } from './pairings-api.ts';

/** Deletes a pairing of the study: a reason (required, max 140) and the e-signature. */
export function PairingDeleteDialog({
  studyId,
  pairing,
  onClose,
}: {
  studyId: number;
  pairing: Pairing;
  onClose: () => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const resource = pairingsResource(studyId);
  const remove = async (meta: ReasonMeta) => {
    // The dialog asks for the reason first; the server refuses an empty one.
    await api('DELETE', `${resource}/${pairing.id}`, {
      body: { ...meta, reasonForChange: meta.reasonForChange ?? '' },
    });
    await queryClient.invalidateQueries({ queryKey: queryKeys.lists(resource) });
  };
  return (
    <ReasonDialog
      title="Delete Pairing"
      question={`Delete the pairing of ${pairing.exam.name} (${pairing.exam.drug.name}) at ${pairing.site.name}, made by ${pairing.cmo.name}?`}
      submitLabel="Delete"
      onConfirm={remove}
      onClose={onClose}
      success={messages.pairingDeleted}
      failure={messages.errorDeletingPairing}
    />
  );
}
