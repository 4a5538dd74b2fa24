import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/**
 * A set of checkboxes bound to an array field: the chosen values, kept in the options' order
 * (an API key's scopes, a webhook's events), with the field's error under them.
 */
export function FormCheckboxGroup<T extends FieldValues, V extends string>({
  control,
  name,
  label,
  options,
  labels,
  required = false,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: readonly V[];
  labels: Record<V, string>;
  required?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = (field.value ?? []) as V[];
        const toggle = (option: V, on: boolean) =>
          field.onChange(options.filter((o) => (o === option ? on : chosen.includes(o))));
        return (
          <FormControl error={Boolean(fieldState.error)} required={required}>
            <FormLabel>{label}</FormLabel>
            <FormGroup row>
              {options.map((option) => (
                <FormControlLabel
                  key={option}
                  label={labels[option]}
                  control={
                    <Checkbox
                      checked={chosen.includes(option)}
                      onChange={(e) => toggle(option, e.target.checked)}
                      onBlur={field.onBlur}
                    />
                  }
                />
              ))}
            </FormGroup>
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
