import { type Timepoint, timepointFieldsSchema } from '@dosechain/contract';
import { Grid } from '@mui/material';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { NameField } from '../../components/form/name-field.tsx';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { useSignedForm } from '../../components/form/signed-form.ts';
import { useInUse } from '../../components/form/use-in-use.ts';
import { useRecordSubmit } from '../../components/form/use-record-submit.ts';

export const TIMEPOINTS = '/timepoints';

const fields = ['name', 'reasonForChange', 'electronicSignature'];

/** Add (no timepoint) or rename a timepoint. */
export function TimepointFormDialog({ timepoint, onClose }: { timepoint?: Timepoint; onClose: () => void }) {
  const { control, handleSubmit, formState, setError, watch } = useSignedForm(timepointFieldsSchema, {
    name: timepoint?.name ?? '',
  });
  const nameInUse = useInUse('timepoint', 'name', watch('name'), timepoint?.id);
  const onSubmit = useRecordSubmit({
    resource: TIMEPOINTS,
    id: timepoint?.id,
    entity: 'Timepoint',
    setError,
    fields,
    onSaved: onClose,
  });
  return (
    <FormDialog
      title={timepoint ? 'Edit Timepoint' : 'Add Timepoint'}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      isValid={formState.isValid && !nameInUse}
      isSubmitting={formState.isSubmitting}
    >
      <Grid size={12}>
        <NameField control={control} inUse={nameInUse} />
      </Grid>
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}
