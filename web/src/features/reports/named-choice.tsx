import type { NamedRef } from '@dosechain/contract';
import { Autocomplete, TextField } from '@mui/material';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

/** A report form's optional choice of a record out of a list the page holds (its id, or null). */
export function NamedChoice<F extends FieldValues>({
  control,
  name,
  label,
  options,
  loading,
}: {
  control: Control<F>;
  name: FieldPath<F>;
  label: string;
  options: NamedRef[];
  loading: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Autocomplete<NamedRef>
          options={options}
          loading={loading}
          value={options.find((o) => o.id === field.value) ?? null}
          onChange={(_, v) => field.onChange(v?.id ?? null)}
          onBlur={field.onBlur}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={loading ? 'Loading…' : 'Nothing to choose'}
          renderInput={(params) => (
            <TextField {...params} inputRef={field.ref} label={label} margin="dense" />
          )}
        />
      )}
    />
  );
}
