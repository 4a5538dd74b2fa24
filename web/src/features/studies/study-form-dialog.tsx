import { messages, type Study, studyFieldsSchema } from '@dosechain/contract';
import { Grid } from '@mui/material';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { submitWithFeedback, useSaveRecord } from '../../components/form/save-record.ts';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { type SignedOutput, useSignedForm } from '../../components/form/signed-form.ts';
import { inUseProps, useInUse } from '../../components/form/use-in-use.ts';

export const STUDIES = '/studies';

const fields = ['name', 'sponsor', 'reasonForChange', 'electronicSignature'];

/** Add (no study) or edit a study's name and sponsor. */
export function StudyFormDialog({ study, onClose }: { study?: Study; onClose: () => void }) {
  const { control, handleSubmit, formState, setError, watch } = useSignedForm(studyFieldsSchema, {
    name: study?.name ?? '',
    sponsor: study?.sponsor ?? '',
  });
  const nameInUse = useInUse('study', 'name', watch('name'), study?.id);
  const save = useSaveRecord<Study>(STUDIES, study?.id);
  const onSubmit = async (values: SignedOutput<typeof studyFieldsSchema.shape>) => {
    const saved = await submitWithFeedback(() => save.mutateAsync(values), {
      setError,
      fields,
      success: study ? 'Study updated' : 'Study created',
      failure: study ? messages.errorUpdating('Study') : messages.errorCreating('Study'),
    });
    if (saved) onClose();
  };
  return (
    <FormDialog
      title={study ? 'Edit Study' : 'Add Study'}
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
      <Grid size={12}>
        <FormTextField control={control} name="sponsor" label="Sponsor" required />
      </Grid>
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}
