import { weekdayCodes } from '@dosechain/contract';
import { FormControl, FormHelperText, FormLabel, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

const weekdayNames: Record<(typeof weekdayCodes)[number], string> = {
  Mo: 'Monday',
  Tu: 'Tuesday',
  We: 'Wednesday',
  Th: 'Thursday',
  Fr: 'Friday',
  Sa: 'Saturday',
  Su: 'Sunday',
};

/** Mo–Su as toggle buttons: any number of weekdays, bound to a form field holding their codes. */
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
            aria-label={label}
            size="small"
            color="primary"
          >
            {weekdayCodes.map((code) => (
              <ToggleButton key={code} value={code} aria-label={weekdayNames[code]} sx={{ minWidth: 44 }}>
                {code}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}
