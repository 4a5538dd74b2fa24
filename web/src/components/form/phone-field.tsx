import { limits } from '@dosechain/contract';
import { Box } from '@mui/material';
import { MuiTelInput } from 'mui-tel-input';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

// The library loads flag images from a public CDN by default; the app never fetches from the
// internet, so the country shows as its ISO code instead.
const flagAsCode = (isoCode: string) => (
  <Box component="span" sx={{ fontSize: 12, fontWeight: 600, minWidth: 20 }}>
    {isoCode}
  </Box>
);

/** The phone input always shows the calling code; that alone means "no number". */
export const callingCodeOnlyToNull = (v: unknown) =>
  typeof v === 'string' && /^\+?\d{0,4}$/.test(v.replace(/\s/g, '')) ? null : v;

/** An international phone number, default country US; the contract checks it ('Invalid phone number'). */
export function PhoneField<T extends FieldValues>({
  control,
  name,
  label = 'Phone',
}: {
  control: Control<T>;
  name: Path<T>;
  label?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MuiTelInput
          label={label}
          value={field.value ?? ''}
          onChange={(v) => field.onChange(v)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          defaultCountry={limits.defaultCountry}
          getFlagElement={flagAsCode}
          unknownFlagElement={flagAsCode('??')}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          fullWidth
          margin="dense"
        />
      )}
    />
  );
}
