import { type Drug, drugFieldsSchema, messages, mutationMeta } from '@dosechain/contract';
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

export const DRUGS = '/drugs';

const formSchema = (eSignature: boolean) =>
  drugFieldsSchema.extend({
    reasonForChange: mutationMeta.reasonForChange,
    electronicSignature: eSignature ? z.string().min(1, messages.enterPassword) : z.string().optional(),
  });
type Input = z.input<ReturnType<typeof formSchema>>;
type Output = z.output<ReturnType<typeof formSchema>>;

/** Add (no drug) or edit a drug. */
export function DrugFormDialog({ drug, onClose }: { drug?: Drug; onClose: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const eSignature = useESignatureRequired();
  const schema = useMemo(() => formSchema(eSignature), [eSignature]);
  const { control, handleSubmit, formState, setError, watch } = useForm<Input, unknown, Output>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: {
      name: drug?.name ?? '',
      otherName: drug?.otherName ?? '',
      reasonForChange: '',
      electronicSignature: '',
    },
  });
  const nameInUse = useInUse('drug', 'name', watch('name'), drug?.id);
  const save = useMutation({
    mutationFn: (body: Output) =>
      drug ? api<Drug>('PUT', `${DRUGS}/${drug.id}`, { body }) : api<Drug>('POST', DRUGS, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['list', DRUGS] }),
  });

  const onSubmit = async (values: Output) => {
    try {
      await save.mutateAsync(values);
      toast.success(drug ? 'Drug updated' : 'Drug created');
      onClose();
    } catch (err) {
      if (
        !applyServerErrors(err, setError, ['name', 'otherName', 'reasonForChange', 'electronicSignature'])
      ) {
        toast.error(drug ? messages.errorUpdating('Drug') : messages.errorCreating('Drug'));
      }
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="drug-form-title">
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <DialogTitle id="drug-form-title">{drug ? 'Edit Drug' : 'Add Drug'}</DialogTitle>
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
            <Grid size={12}>
              <FormTextField control={control} name="otherName" label="Other name" />
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
