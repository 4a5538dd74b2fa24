import { type Exam, examFieldsSchema, messages } from '@dosechain/contract';
import { Grid } from '@mui/material';
import { DRUGS, EXAMS } from '../../api/resources.ts';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { LookupSelect } from '../../components/form/lookup-select.tsx';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { useSignedForm } from '../../components/form/signed-form.ts';
import { useRecordSubmit } from '../../components/form/use-record-submit.ts';

const fields = ['name', 'drugId', 'reasonForChange', 'electronicSignature'];

/**
 * Add (no exam) or edit an exam: a name and an active drug. The server's refusals
 * (EXAM_NAME_DRUG_UNIQUE, EXAM_DRUG_INACTIVE) are shown with its message.
 */
export function ExamFormDialog({ exam, onClose }: { exam?: Exam; onClose: () => void }) {
  const { control, schema, handleSubmit, formState, setError } = useSignedForm(examFieldsSchema, {
    name: exam?.name ?? '',
    drugId: exam?.drug.id,
  });
  const onSubmit = useRecordSubmit({
    resource: EXAMS,
    id: exam?.id,
    entity: 'Exam',
    setError,
    fields,
    onSaved: onClose,
    failure: exam ? messages.errorUpdatingExam : messages.errorCreatingExam,
  });
  return (
    <FormDialog
      title={exam ? 'Edit Exam' : 'Add Exam'}
      onClose={onClose}
      control={control}
      schema={schema}
      onSubmit={handleSubmit(onSubmit)}
      isValid={formState.isValid}
      isSubmitting={formState.isSubmitting}
    >
      <Grid size={12}>
        <FormTextField control={control} name="name" label="Name" required autoFocus />
      </Grid>
      <Grid size={12}>
        <LookupSelect
          control={control}
          name="drugId"
          label="Drug"
          resource={DRUGS}
          activeOnly
          required
          initial={exam ? { id: exam.drug.id, name: exam.drug.name } : undefined}
        />
      </Grid>
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}
