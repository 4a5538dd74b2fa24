import type { NamedRef } from '@dosechain/contract';
import { Autocomplete, TextField } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/**
 * Picks one record by id out of a list the page already holds. A fixed choice (the user's own
 * company) is shown and cannot be changed.
 */
export function ChoiceSelect<T extends FieldValues>({
  control,
  name,
  label,
  options,
  loading,
  disabled,
  fixed,
  onPicked,
  helperText,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: NamedRef[];
  loading?: boolean;
  disabled?: boolean;
  fixed?: NamedRef;
  /** Called after the user picks another record (to clear what depended on it). */
  onPicked?: () => void;
  helperText?: string;
}) {
  const items = fixed ? [fixed] : options;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete<NamedRef>
          options={items}
          loading={loading}
          disabled={disabled || Boolean(fixed)}
          value={items.find((i) => i.id === field.value) ?? null}
          onChange={(_, v) => {
            field.onChange(v?.id ?? null);
            onPicked?.();
          }}
          onBlur={field.onBlur}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={loading ? 'Loading…' : 'Nothing to choose'}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label={label}
              required
              margin="dense"
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? helperText}
            />
          )}
        />
      )}
    />
  );
}
