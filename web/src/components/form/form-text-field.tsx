import { TextField, type TextFieldProps } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/**
 * A text field bound to react-hook-form, showing its error under it. An error the caller sets
 * (e.g. 'This value is already used') is shown as an error too.
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  ...props
}: { control: Control<T>; name: Path<T> } & Omit<TextFieldProps, 'name'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          {...field}
          value={field.value ?? ''}
          error={Boolean(fieldState.error) || Boolean(props.error)}
          helperText={fieldState.error?.message ?? props.helperText}
          fullWidth
          margin="dense"
        />
      )}
    />
  );
}
