import { type Drug, drugFieldsSchema } from '@dosechain/contract';
import { Grid } from '@mui/material';
import { DRUGS } from '../../api/resources.ts';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { NamedRecordDialog } from '../../components/form/named-record-dialog.tsx';

/** Add (no drug) or edit a drug. */
export function DrugFormDialog({ drug, onClose }: { drug?: Drug; onClose: () => void }) {
  return (
    <NamedRecordDialog
      entity="Drug"
      resource={DRUGS}
      checkInUse="drug"
      schema={drugFieldsSchema}
      id={drug?.id}
      defaults={{ name: drug?.name ?? '', otherName: drug?.otherName ?? '' }}
      onClose={onClose}
    >
      {(control) => (
        <Grid size={12}>
          <FormTextField control={control} name="otherName" label="Other name" />
        </Grid>
      )}
    </NamedRecordDialog>
  );
}
