import { messages, requiredReasonMeta } from '@dosechain/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Grid,
} from '@mui/material';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useESignatureRequired } from './e-signature-field.tsx';
import { applyServerErrors } from './server-errors.ts';
import { SignedChangeFields } from './signed-change-fields.tsx';
import { SubmitButton } from './submit-button.tsx';

export interface ToggleMeta {
  reasonForChange: string | undefined;
  electronicSignature: string | undefined;
}

/**
 * Activation asks for confirmation; inactivation for a reason (max 140). Both are signed.
 * The caller sends `{active, reasonForChange, electronicSignature}`.
 */
export function ActiveToggleDialog({
  entity,
  name,
  activate,
  onConfirm,
  onClose,
}: {
  entity: string;
  name: string;
  activate: boolean;
  onConfirm: (meta: ToggleMeta) => Promise<void>;
  onClose: () => void;
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
    defaultValues: { reasonForChange: '', electronicSignature: '' },
  });
  const verb = activate ? 'Activate' : 'Inactivate';
  const onSubmit = async (meta: ToggleMeta) => {
    try {
      await onConfirm(meta);
      onClose();
    } catch (err) {
      applyServerErrors(err, setError, ['reasonForChange', 'electronicSignature']);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="toggle-title">
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <DialogTitle id="toggle-title">{`${verb} ${entity}`}</DialogTitle>
        <DialogContent dividers>
          <DialogContentText>{`${verb} ${entity} ${name}?`}</DialogContentText>
          <Grid container>
            <SignedChangeFields control={control} reasonRequired={!activate} />
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isValid={formState.isValid} isSubmitting={formState.isSubmitting}>
            {verb}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
