import { messages, requiredReasonMeta, type User } from '@dosechain/contract';
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
import { USERS } from './user-choices.ts';

interface UnlockValues {
  reasonForChange: string;
  electronicSignature: string | undefined;
}

/** Unlock a locked-out user: a reason (required, max 140) and the e-signature. */
export function UnlockUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const eSignature = useESignatureRequired();
  const schema = useMemo(
    () =>
      z.object({
        reasonForChange: requiredReasonMeta.reasonForChange,
        electronicSignature: eSignature ? z.string().min(1, messages.enterPassword) : z.string().optional(),
      }),
    [eSignature],
  );
  const { control, handleSubmit, formState, setError } = useForm<UnlockValues>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: emptySignature,
  });
  const onSubmit = async (meta: UnlockValues) => {
    const done = await submitWithFeedback(
      async () => {
        await api<User>('PUT', `${USERS}/${user.id}/unlock`, { body: meta });
        await queryClient.invalidateQueries({ queryKey: ['list', USERS] });
      },
      {
        setError,
        fields: ['reasonForChange', 'electronicSignature'],
        success: messages.userUnlocked,
        failure: messages.errorUnlockingUser,
      },
    );
    if (done) onClose();
  };
  return (
    <FormDialog
      title="Unlock User"
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      isValid={formState.isValid}
      isSubmitting={formState.isSubmitting}
      submitLabel="Unlock"
    >
      <Grid size={12}>
        <DialogContentText>{`Unlock User ${user.username}?`}</DialogContentText>
      </Grid>
      <SignedChangeFields control={control} reasonRequired />
    </FormDialog>
  );
}
