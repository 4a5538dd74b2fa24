import { messages } from '@dosechain/contract';
import { DatePicker, LocalizationProvider, TimePicker } from '@mui/x-date-pickers';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { DateTime } from 'luxon';
import { useRef } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/** An ISO date (`yyyy-MM-dd`) or time (`HH:mm`) out of a picker value; 'invalidValue' when it is not one. */
export function toIsoValue(
  mode: 'date' | 'time',
  value: DateTime | null,
): string | null | typeof messages.invalidValue {
  if (value === null) return null;
  if (!value.isValid) return messages.invalidValue;
  return mode === 'date' ? value.toISODate() : value.toFormat('HH:mm');
}

export function fromIsoValue(mode: 'date' | 'time', value: string | null | undefined): DateTime | null {
  if (!value) return null;
  return mode === 'date' ? DateTime.fromISO(value) : DateTime.fromFormat(value, 'HH:mm');
}

/** What an error reads as under a picker: 'invalidValue' is the spec's code, not a message. */
export function pickerErrorText(mode: 'date' | 'time', message: string | undefined): string | undefined {
  if (message !== messages.invalidValue) return message;
  return mode === 'date' ? messages.invalidDate : messages.invalidTime;
}

/** A date-only or time-only picker bound to a form field holding ISO text. */
export function DateOrTimeField<T extends FieldValues>({
  control,
  name,
  label,
  mode,
  required,
  minDate,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  mode: 'date' | 'time';
  required?: boolean;
  minDate?: DateTime;
}) {
  const Picker = mode === 'date' ? DatePicker : TimePicker;
  // The picker gets back what was typed while it is not a date, so the text stays to be corrected.
  const typedInvalid = useRef<DateTime | null>(null);
  return (
    <Controller
      control={control}
      name={name}
      rules={{
        validate: (v: string | null) =>
          v === messages.invalidValue ? messages.invalidValue : !required || Boolean(v) || messages.required,
      }}
      // The pickers' localization is set up here, so only screens with a picker load that code.
      render={({ field, fieldState }) => (
        <LocalizationProvider dateAdapter={AdapterLuxon}>
          <Picker
            label={label}
            value={
              field.value === messages.invalidValue ? typedInvalid.current : fromIsoValue(mode, field.value)
            }
            onChange={(v: DateTime | null) => {
              typedInvalid.current = v && !v.isValid ? v : null;
              field.onChange(toIsoValue(mode, v));
            }}
            inputRef={field.ref}
            {...(mode === 'date' && minDate ? { minDate } : {})}
            {...(mode === 'time' ? { ampm: false } : {})}
            slotProps={{
              textField: {
                required,
                name: field.name,
                fullWidth: true,
                margin: 'dense',
                onBlur: field.onBlur,
                error: Boolean(fieldState.error),
                helperText: pickerErrorText(mode, fieldState.error?.message),
              },
            }}
          />
        </LocalizationProvider>
      )}
    />
  );
}
