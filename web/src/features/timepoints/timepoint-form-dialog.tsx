import { messages, mutationMeta, type Timepoint, timepointFieldsSchema } from '@dosechain/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { useApi } from '../../api/api-context.tsx';
import { useESignatureRequired } from '../../components/form/e-signature-field.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useInUse } from '../../components/form/use-in-use.ts';

export const TIMEPOINTS = '/timepoints';

const formSchema = (eSignature: boolean) =>
  timepointFieldsSchema.extend({
    reasonForChange: mutationMeta.reasonForChange,
    electronicSignature: eSignature ? z.string().min(1, messages.enterPassword) : z.string().optional(),
  });
type Input = z.input<ReturnType<typeof formSchema>>;
type Output = z.output<ReturnType<typeof formSchema>>;

/** Add (no timepoint) or rename a timepoint. */
export function TimepointFormDialog({ timepoint, onClose }: { timepoint?: Timepoint; onClose: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const eSignature = useESignatureRequired();
  const schema = useMemo(() => formSchema(eSignature), [eSignature]);
  const { control, handleSubmit, formState, setError, watch } = useForm<Input, unknown, Output>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: { name: timepoint?.name ?? '', reasonForChange: '', electronicSignature: '' },
  });
  const nameInUse = useInUse('timepoint', 'name', watch('name'), timepoint?.id);
  const save = useMutation({
    mutationFn: (body: Output) =>
      timepoint
        ? api<Timepoint>('PUT', `${TIMEPOINTS}/${timepoint.id}`, { body })
        : api<Timepoint>('POST', TIMEPOINTS, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['list', TIMEPOINTS] }),
  });

  const onSubmit = async (values: Output) => {
    try {
      await save.mutateAsync(values);
      toast.success(timepoint ? 'Timepoint updated' : 'Timepoint created');
      onClose();
    } catch (err) {
      if (!applyServerErrors(err, setError, ['name', 'reasonForChange', 'electronicSignature'])) {
        toast.error(timepoint ? messages.errorUpdating('Timepoint') : messages.errorCreating('Timepoint'));
      }
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="timepoint-form-title">
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <DialogTitle id="timepoint-form-title">{timepoint ? 'Edit Timepoint' : 'Add Timepoint'}</DialogTitle>
        <DialogContent dividers>
          <Grid container>
            <Grid size={12}>
              <FormTextField
                control={control}
                name="name"
                label="Name"
                required
                autoFocus
                error={nameInUse || undefined}
                helperText={nameInUse ? messages.alreadyUsed : undefined}
              />
            </Grid>
            <SignedChangeFields control={control} />
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isValid={formState.isValid && !nameInUse} isSubmitting={formState.isSubmitting}>
            Save
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
