import { type Exam, messages, pairingCreateBodySchema } from '@dosechain/contract';
import { Grid } from '@mui/material';
import { EXAMS } from '../../../api/resources.ts';
import { companyKinds } from '../../../components/companies/company-kinds.ts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { LookupSelect } from '../../../components/form/lookup-select.tsx';
import { SignedChangeFields } from '../../../components/form/signed-change-fields.tsx';
import { useSignedForm } from '../../../components/form/signed-form.ts';
import { useRecordSubmit } from '../../../components/form/use-record-submit.ts';
import { pairingsResource } from './pairings-api.ts';

const pairingFieldsSchema = pairingCreateBodySchema.pick({ examId: true, siteId: true, cmoId: true });
const fields = ['examId', 'siteId', 'cmoId', 'reasonForChange', 'electronicSignature'];

/** An exam reads with its drug: two exams may share a name. */
const examLabel = (exam: Exam) => `${exam.name} (${exam.drug.name})`;

/**
 * Pairs an active exam and a clinical site of the study with the CMO that makes the dose.
 * A pairing that exists for the exam and site is refused with the spec's text.
 */
export function PairingFormDialog({ studyId, onClose }: { studyId: number; onClose: () => void }) {
  const { control, schema, handleSubmit, formState, setError } = useSignedForm(pairingFieldsSchema, {});
  // An existing pairing is the server's 409 on examId, in the spec's words: on the field and in a toast.
  const onSubmit = useRecordSubmit({
    resource: pairingsResource(studyId),
    entity: 'Pairing',
    setError,
    fields,
    onSaved: onClose,
    success: messages.pairingCreated,
    failure: messages.errorCreatingPairing,
  });
  return (
    <FormDialog
      title="Add Pairing"
      onClose={onClose}
      control={control}
      schema={schema}
      onSubmit={handleSubmit(onSubmit)}
      isValid={formState.isValid}
      isSubmitting={formState.isSubmitting}
    >
      <Grid size={12}>
        <LookupSelect
          control={control}
          name="examId"
          label="Exam"
          resource={EXAMS}
          activeOnly
          required
          optionLabel={examLabel}
        />
      </Grid>
      <Grid size={12}>
        <LookupSelect
          control={control}
          name="siteId"
          label="Clinical Site"
          resource={companyKinds.clinical_site.api}
          required
        />
      </Grid>
      <Grid size={12}>
        <LookupSelect control={control} name="cmoId" label="CMO" resource={companyKinds.cmo.api} required />
      </Grid>
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}
