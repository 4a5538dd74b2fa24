import { messages, weekdayCodes, weekdayNames } from '@dosechain/contract';
import { FormControl, FormHelperText, FormLabel, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/**
 * Mo–Su as toggle buttons: at least one weekday, bound to a form field holding their codes. While
 * none is picked it says so, in red once the field has been used.
 */
export function WeekdayToggles<T extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)} margin="dense" required>
          <FormLabel sx={{ mb: 0.5, fontSize: '0.875rem' }}>{label}</FormLabel>
          <ToggleButtonGroup
            value={field.value ?? []}
            onChange={(_, days: string[]) => {
              field.onChange(days);
              field.onBlur();
            }}
            ref={field.ref}
            aria-label={label}
            // How the dialog names this field when it says what is missing.
            data-issue-label="Weekdays"
            data-field-name={field.name}
            size="small"
            color="primary"
          >
            {weekdayCodes.map((code) => (
              <ToggleButton key={code} value={code} aria-label={weekdayNames[code]} sx={{ minWidth: 44 }}>
                {code}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {fieldState.error ? (
            <FormHelperText>{fieldState.error.message}</FormHelperText>
          ) : (
            !field.value?.length && <FormHelperText>{messages.pickWeekday}</FormHelperText>
          )}
        </FormControl>
      )}
    />
  );
}
