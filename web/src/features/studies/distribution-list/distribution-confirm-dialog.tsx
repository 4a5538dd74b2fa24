import { messages } from '@dosechain/contract';
import { DialogContentText, Grid } from '@mui/material';
import { z } from 'zod';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import {
  applyServerErrors,
  showFailureToast,
  showSuccessToast,
} from '../../../components/form/server-errors.ts';
import { SignedChangeFields } from '../../../components/form/signed-change-fields.tsx';
import { type SignedOutput, useSignedForm } from '../../../components/form/signed-form.ts';

const noFields = z.object({});
type Meta = SignedOutput<typeof noFields.shape>;

/**
 * Confirms the edited distribution list with a reason for change and the e-signature. A wrong
 * password stays on its field; any other failure is 'Error updating emails', and `onFailed`
 * may put the server's row errors on the list (then this dialog closes).
 */
export function DistributionConfirmDialog({
  recipients,
  onConfirm,
  onSaved,
  onFailed,
  onClose,
}: {
  recipients: number;
  onConfirm: (meta: Meta) => Promise<unknown>;
  onSaved: () => void;
  /** Whether the failure landed on the list's rows. */
  onFailed: (err: unknown) => boolean;
  onClose: () => void;
}) {
  const { control, handleSubmit, formState, setError } = useSignedForm(noFields, {});
  const onSubmit = async (meta: Meta) => {
    try {
      await onConfirm(meta);
      showSuccessToast(messages.updatedEmailList, messages.errorUpdatingEmails);
      onSaved();
    } catch (err) {
      if (applyServerErrors(err, setError, ['reasonForChange', 'electronicSignature'])) return;
      showFailureToast(err, messages.errorUpdatingEmails);
      if (onFailed(err)) onClose();
    }
  };
  return (
    <FormDialog
      title="Confirm changes"
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      isValid={formState.isValid}
      isSubmitting={formState.isSubmitting}
      submitLabel="Confirm changes"
    >
      <Grid size={12}>
        <DialogContentText>
          {recipients === 0
            ? 'Save an empty e-mail list? No one will get this study’s e-mails.'
            : `Save the e-mail list with ${recipients} recipient${recipients === 1 ? '' : 's'}?`}
        </DialogContentText>
      </Grid>
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}
