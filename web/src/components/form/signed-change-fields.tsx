import { Grid } from '@mui/material';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { ESignatureField } from './e-signature-field.tsx';
import { ReasonForChangeField } from './reason-for-change.tsx';

/** The reason for change and the e-signature every audited form ends with. */
export function SignedChangeFields<T extends FieldValues>({
  control,
  reasonRequired = false,
}: {
  control: Control<T>;
  reasonRequired?: boolean;
}) {
  return (
    <>
      <Grid size={12}>
        <ReasonForChangeField
          control={control}
          name={'reasonForChange' as Path<T>}
          required={reasonRequired}
        />
      </Grid>
      <Grid size={12}>
        <ESignatureField control={control} name={'electronicSignature' as Path<T>} />
      </Grid>
    </>
  );
}
