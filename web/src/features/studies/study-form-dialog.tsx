import { type Study, studyFieldsSchema } from '@dosechain/contract';
import { Grid } from '@mui/material';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { NameField } from '../../components/form/name-field.tsx';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { useSignedForm } from '../../components/form/signed-form.ts';
import { useInUse } from '../../components/form/use-in-use.ts';
import { useRecordSubmit } from '../../components/form/use-record-submit.ts';

export const STUDIES = '/studies';

const fields = ['name', 'sponsor', 'reasonForChange', 'electronicSignature'];

/** Add (no study) or edit a study's name and sponsor. */
export function StudyFormDialog({ study, onClose }: { study?: Study; onClose: () => void }) {
  const { control, handleSubmit, formState, setError, watch } = useSignedForm(studyFieldsSchema, {
    name: study?.name ?? '',
    sponsor: study?.sponsor ?? '',
  });
  const nameInUse = useInUse('study', 'name', watch('name'), study?.id);
  const onSubmit = useRecordSubmit({
    resource: STUDIES,
    id: study?.id,
    entity: 'Study',
    setError,
    fields,
    onSaved: onClose,
  });
  return (
    <FormDialog
      title={study ? 'Edit Study' : 'Add Study'}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      isValid={formState.isValid && !nameInUse}
      isSubmitting={formState.isSubmitting}
    >
      <Grid size={12}>
        <NameField control={control} inUse={nameInUse} />
      </Grid>
      <Grid size={12}>
        <FormTextField control={control} name="sponsor" label="Sponsor" required />
      </Grid>
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}
