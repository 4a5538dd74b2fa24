import { Autocomplete } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { autocompleteInput } from './autocomplete-input.tsx';

/** One text value picked from a fixed list of options, searchable, bound to a form field. */
export function FormAutocomplete<T extends FieldValues>({
  control,
  name,
  label,
  options,
  getOptionLabel,
  required,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: string[];
  getOptionLabel: (option: string) => string;
  required?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={options}
          value={field.value || null}
          onChange={(_, v) => field.onChange(v ?? '')}
          onBlur={field.onBlur}
          getOptionLabel={getOptionLabel}
          renderInput={autocompleteInput(field, fieldState, { label, required })}
        />
      )}
    />
  );
}
