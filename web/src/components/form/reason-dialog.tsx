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

/** What a reason dialog sends: the reason for change and the e-signature. */
export interface ReasonMeta {
  reasonForChange: string | undefined;
  electronicSignature: string | undefined;
}

/** The body of an action whose reason the dialog asked for first: the server refuses an empty one. */
export const requiredReasonBody = (meta: ReasonMeta) => ({
  ...meta,
  reasonForChange: meta.reasonForChange ?? '',
});

/**
 * A signed confirmation with nothing else to fill in: the question, a reason for change
 * (required unless `reasonRequired` is false; max 140) and the e-signature. `onConfirm` sends
 * the meta; `success` is toasted when it went through, a refusal the server explains is shown
 * with its message (a wrong password on the password field), anything else as `failure`.
 */
export function ReasonDialog({
  title,
  question,
  submitLabel,
  reasonRequired = true,
  onConfirm,
  onClose,
  success,
  failure,
}: {
  title: string;
  question: string;
  submitLabel: string;
  reasonRequired?: boolean;
  onConfirm: (meta: ReasonMeta) => Promise<unknown>;
  onClose: () => void;
  success: string;
  failure: string;
}) {
  const eSignature = useESignatureRequired();
  const schema = useMemo(
    () =>
      z.object({
        reasonForChange: reasonRequired ? requiredReasonMeta.reasonForChange : z.string().optional(),
        electronicSignature: eSignature ? z.string().min(1, messages.enterPassword) : z.string().optional(),
      }),
    [reasonRequired, eSignature],
  );
  const { control, handleSubmit, formState, setError } = useForm<ReasonMeta>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: emptySignature,
  });
  const onSubmit = async (meta: ReasonMeta) => {
    const done = await submitWithFeedback(() => onConfirm(meta), {
      setError,
      fields: ['reasonForChange', 'electronicSignature'],
      success,
      failure,
    });
    if (done) onClose();
  };
  return (
    <FormDialog
      title={title}
      onClose={onClose}
      control={control}
      schema={schema}
      onSubmit={handleSubmit(onSubmit)}
      isValid={formState.isValid}
      isSubmitting={formState.isSubmitting}
      submitLabel={submitLabel}
    >
      <Grid size={12}>
        <DialogContentText>{question}</DialogContentText>
      </Grid>
      <SignedChangeFields control={control} reasonRequired={reasonRequired} />
    </FormDialog>
  );
}
