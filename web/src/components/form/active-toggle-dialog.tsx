import { messages, requiredReasonMeta } from '@dosechain/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { DialogContentText, Grid } from '@mui/material';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useESignatureRequired } from './e-signature-field.tsx';
import { FormDialog } from './form-dialog.tsx';
import { submitWithFeedback } from './save-record.ts';
import { SignedChangeFields } from './signed-change-fields.tsx';
import { emptySignature } from './signed-form.ts';

export interface ToggleMeta {
  reasonForChange: string | undefined;
  electronicSignature: string | undefined;
}

/**
 * Activation asks for confirmation; inactivation for a reason (max 140). Both are signed.
 * `onConfirm` sends `{active, reasonForChange, electronicSignature}`; a refusal the server
 * explains (DRUG_IN_USE…) is shown with its message, else `failure`.
 */
export function ActiveToggleDialog({
  entity,
  name,
  activate,
  onConfirm,
  onClose,
  failure = messages.errorUpdating(entity),
  success,
}: {
  entity: string;
  name: string;
  activate: boolean;
  onConfirm: (meta: ToggleMeta) => Promise<unknown>;
  onClose: () => void;
  failure?: string;
  /** The toast when it went through; '<entity> <name> activated/inactivated' by default. */
  success?: string;
}) {
  const eSignature = useESignatureRequired();
  const schema = useMemo(
    () =>
      z.object({
        reasonForChange: activate ? z.string().optional() : requiredReasonMeta.reasonForChange,
        electronicSignature: eSignature ? z.string().min(1, messages.enterPassword) : z.string().optional(),
      }),
    [activate, eSignature],
  );
  const { control, handleSubmit, formState, setError } = useForm<ToggleMeta>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: emptySignature,
  });
  const verb = activate ? 'Activate' : 'Inactivate';
  const onSubmit = async (meta: ToggleMeta) => {
    const done = await submitWithFeedback(() => onConfirm(meta), {
      setError,
      fields: ['reasonForChange', 'electronicSignature'],
      success: success ?? `${entity} ${name} ${activate ? 'activated' : 'inactivated'}`,
      failure,
    });
    if (done) onClose();
  };
  return (
    <FormDialog
      title={`${verb} ${entity}`}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      isValid={formState.isValid}
      isSubmitting={formState.isSubmitting}
      submitLabel={verb}
    >
      <Grid size={12}>
        <DialogContentText>{`${verb} ${entity} ${name}?`}</DialogContentText>
      </Grid>
      <SignedChangeFields control={control} reasonRequired={!activate} />
    </FormDialog>
  );
}
