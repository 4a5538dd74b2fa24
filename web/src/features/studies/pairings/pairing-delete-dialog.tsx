import { messages, type Pairing } from '@dosechain/contract';
import { ReasonDialog } from '../../../components/form/reason-dialog.tsx';
import { useDeletePairing } from './pairings-api.ts';

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
  const remove = useDeletePairing(studyId);
  return (
    <ReasonDialog
      title="Delete Pairing"
      question={`Delete the pairing of ${pairing.exam.name} (${pairing.exam.drug.name}) at ${pairing.site.name}, made by ${pairing.cmo.name}?`}
      submitLabel="Delete"
      onConfirm={(meta) => remove.mutateAsync({ id: pairing.id, meta })}
      onClose={onClose}
      success={messages.pairingDeleted}
      failure={messages.errorDeletingPairing}
    />
  );
}
