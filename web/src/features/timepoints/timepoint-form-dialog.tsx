import { messages, type Timepoint, timepointFieldsSchema } from '@dosechain/contract';
import { Grid } from '@mui/material';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { submitWithFeedback, useSaveRecord } from '../../components/form/save-record.ts';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { type SignedOutput, useSignedForm } from '../../components/form/signed-form.ts';
import { inUseProps, useInUse } from '../../components/form/use-in-use.ts';

export const TIMEPOINTS = '/timepoints';

const fields = ['name', 'reasonForChange', 'electronicSignature'];

/** Add (no timepoint) or rename a timepoint. */
export function TimepointFormDialog({ timepoint, onClose }: { timepoint?: Timepoint; onClose: () => void }) {
  const { control, handleSubmit, formState, setError, watch } = useSignedForm(timepointFieldsSchema, {
    name: timepoint?.name ?? '',
  });
  const nameInUse = useInUse('timepoint', 'name', watch('name'), timepoint?.id);
  const save = useSaveRecord<Timepoint>(TIMEPOINTS, timepoint?.id);
  const onSubmit = async (values: SignedOutput<typeof timepointFieldsSchema.shape>) => {
    const saved = await submitWithFeedback(() => save.mutateAsync(values), {
      setError,
      fields,
      success: timepoint ? 'Timepoint updated' : 'Timepoint created',
      failure: timepoint ? messages.errorUpdating('Timepoint') : messages.errorCreating('Timepoint'),
    });
    if (saved) onClose();
  };
  return (
    <FormDialog
      title={timepoint ? 'Edit Timepoint' : 'Add Timepoint'}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      isValid={formState.isValid && !nameInUse}
      isSubmitting={formState.isSubmitting}
    >
      <Grid size={12}>
        <FormTextField
          control={control}
          name="name"
          label="Name"
          required
          autoFocus
          {...inUseProps(nameInUse)}
        />
      </Grid>
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}
