import { MenuItem, TextField } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/** One value of a short fixed list (a unit, a kind), bound to a form field. */
export function FormSelect<T extends FieldValues>({
  control,
  name,
  label,
  options,
  required,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          name={field.name}
          required={required}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          fullWidth
          margin="dense"
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
