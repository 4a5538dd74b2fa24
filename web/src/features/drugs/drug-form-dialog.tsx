import { type Drug, drugFieldsSchema } from '@dosechain/contract';
import { Grid } from '@mui/material';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { NameField } from '../../components/form/name-field.tsx';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { useSignedForm } from '../../components/form/signed-form.ts';
import { useInUse } from '../../components/form/use-in-use.ts';
import { useRecordSubmit } from '../../components/form/use-record-submit.ts';

export const DRUGS = '/drugs';

const fields = ['name', 'otherName', 'reasonForChange', 'electronicSignature'];

/** Add (no drug) or edit a drug. */
export function DrugFormDialog({ drug, onClose }: { drug?: Drug; onClose: () => void }) {
  const { control, handleSubmit, formState, setError, watch } = useSignedForm(drugFieldsSchema, {
    name: drug?.name ?? '',
    otherName: drug?.otherName ?? '',
  });
  const nameInUse = useInUse('drug', 'name', watch('name'), drug?.id);
  const onSubmit = useRecordSubmit({
    resource: DRUGS,
    id: drug?.id,
    entity: 'Drug',
    setError,
    fields,
    onSaved: onClose,
  });
  return (
    <FormDialog
      title={drug ? 'Edit Drug' : 'Add Drug'}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      isValid={formState.isValid && !nameInUse}
      isSubmitting={formState.isSubmitting}
    >
      <Grid size={12}>
        <NameField control={control} inUse={nameInUse} />
      </Grid>
      <Grid size={12}>
        <FormTextField control={control} name="otherName" label="Other name" />
      </Grid>
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}
