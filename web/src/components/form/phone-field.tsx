import { isPhoneEmpty, limits } from '@dosechain/contract';
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

/**
 * The phone input may hold only a country's calling code ("+1"); that alone means "no number".
 * Any digit beyond it is a number being typed: it is checked ('Invalid phone number'), never
 * dropped.
 */
export const callingCodeOnlyToNull = (v: unknown) => (typeof v === 'string' && isPhoneEmpty(v) ? null : v);

/**
 * An international phone number, default country US; the contract checks it ('Invalid phone
 * number'). The calling code stands apart from the typed digits, so a national number typed
 * without "+" belongs to the country shown (3125550123 is +1 312 555 0123); typing "+" first
 * enters another country's number.
 */
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
          name={field.name}
          value={field.value ?? ''}
          onChange={(v) => field.onChange(v)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          defaultCountry={limits.defaultCountry}
          forceCallingCode
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
