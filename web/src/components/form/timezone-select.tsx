import { Autocomplete, TextField } from '@mui/material';
import { useMemo } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { allTimezones, zoneWithOffset } from './timezone.ts';

/** An IANA time zone, each shown with its UTC offset. */
export function TimezoneSelect<T extends FieldValues>({
  control,
  name,
  label = 'Time zone',
}: {
  control: Control<T>;
  name: Path<T>;
  label?: string;
}) {
  const zones = useMemo(() => allTimezones(), []);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={zones}
          value={field.value || null}
          onChange={(_, v) => field.onChange(v ?? '')}
          onBlur={field.onBlur}
          getOptionLabel={(z) => zoneWithOffset(z)}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label={label}
              margin="dense"
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            />
          )}
        />
      )}
    />
  );
}
