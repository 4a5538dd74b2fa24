import { Checkbox, FormControlLabel } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/** A yes/no field bound to react-hook-form. */
export function FormCheckbox<T extends FieldValues>({
  control,
  name,
  label,
  disabled,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Checkbox
              checked={field.value === true}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
              slotProps={{ input: { ref: field.ref } }}
            />
          }
        />
      )}
    />
  );
}
