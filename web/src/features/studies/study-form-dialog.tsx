import { type Study, studyFieldsSchema } from '@dosechain/contract';
import { Grid } from '@mui/material';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { NamedRecordDialog } from '../../components/form/named-record-dialog.tsx';
import { STUDIES } from './study-api.ts';

/** Add (no study) or edit a study's name and sponsor. */
export function StudyFormDialog({ study, onClose }: { study?: Study; onClose: () => void }) {
  return (
    <NamedRecordDialog
      entity="Study"
      resource={STUDIES}
      checkInUse="study"
      schema={studyFieldsSchema}
      id={study?.id}
      defaults={{ name: study?.name ?? '', sponsor: study?.sponsor ?? '' }}
      onClose={onClose}
    >
      {(control) => (
        <Grid size={12}>
          <FormTextField control={control} name="sponsor" label="Sponsor" required />
        </Grid>
      )}
    </NamedRecordDialog>
  );
}
