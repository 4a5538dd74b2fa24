import { messages, type Pairing, requiredReasonMeta } from '@dosechain/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { DialogContentText, Grid } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useApi } from '../../api/api-context.tsx';
import { useESignatureRequired } from '../../components/form/e-signature-field.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { submitWithFeedback } from '../../components/form/save-record.ts';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { emptySignature } from '../../components/form/signed-form.ts';
import { pairingsResource } from './study-api.ts';

interface DeleteMeta {
  reasonForChange: string;
  electronicSignature: string;
}

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
  const eSignature = useESignatureRequired();
  const schema = useMemo(
    () =>
      z.object({
        reasonForChange: requiredReasonMeta.reasonForChange,
        electronicSignature: z.string().refine((v) => !eSignature || v.length > 0, messages.enterPassword),
      }),
    [eSignature],
  );
  const { control, handleSubmit, formState, setError } = useForm<DeleteMeta>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: emptySignature,
  });
  const resource = pairingsResource(studyId);
  const onSubmit = async (meta: DeleteMeta) => {
    const deleted = await submitWithFeedback(
      async () => {
        await api<null>('DELETE', `${resource}/${pairing.id}`, { body: meta });
        await queryClient.invalidateQueries({ queryKey: ['list', resource] });
      },
      {
        setError,
        fields: ['reasonForChange', 'electronicSignature'],
        success: messages.pairingDeleted,
        failure: messages.errorDeletingPairing,
      },
    );
    if (deleted) onClose();
  };
  return (
    <FormDialog
      title="Delete Pairing"
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      isValid={formState.isValid}
      isSubmitting={formState.isSubmitting}
      submitLabel="Delete"
    >
      <Grid size={12}>
        <DialogContentText>
          {`Delete the pairing of ${pairing.exam.name} (${pairing.exam.drug.name}) at ${pairing.site.name}, made by ${pairing.cmo.name}?`}
        </DialogContentText>
      </Grid>
      <SignedChangeFields control={control} reasonRequired />
    </FormDialog>
  );
}
