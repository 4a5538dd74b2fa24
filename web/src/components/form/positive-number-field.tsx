import { limits, messages } from '@dosechain/contract';
import { InputAdornment, TextField } from '@mui/material';
import { useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

export interface Unit {
  singular: string;
  plural: string;
}

/** The unit label for a value: plural above 1 (spec section 5). */
export function unitLabel(unit: Unit, value: number | null | undefined): string {
  return value !== null && value !== undefined && value > 1 ? unit.plural : unit.singular;
}

/** The range check of a positive-number field, with the spec's messages. */
export function positiveNumberError(
  value: number | null | undefined,
  min: number,
  max?: number,
): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value < min) return messages.minValue(min);
  if (max !== undefined && value > max) return messages.maxValue(max);
  return undefined;
}

/**
 * Digits only; min 1 by default; an optional unit adornment pluralised above 1. Text that is not
 * a whole number ("1.5", "-2", "3e4") stays as typed with a message and the form is not valid:
 * it is refused, never rewritten into another number.
 */
export function PositiveNumberField<T extends FieldValues>({
  control,
  name,
  label,
  min = limits.positiveNumberMinDefault,
  max,
  unit,
  required,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  min?: number;
  max?: number;
  unit?: Unit;
  required?: boolean;
}) {
  // What was typed while it is not a whole number; null while the field shows its value.
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <Controller
      control={control}
      name={name}
      rules={{
        required: required ? messages.required : false,
        validate: (v: number | null) => positiveNumberError(v, min, max) ?? true,
      }}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          name={field.name}
          required={required}
          value={refused ?? field.value ?? ''}
          onChange={(e) => {
            const text = e.target.value.trim();
            if (/^\d*$/.test(text)) {
              setRefused(null);
              field.onChange(text === '' ? null : Number(text));
            } else {
              // NaN is no number to any schema: the form stays invalid while the text is shown.
              setRefused(e.target.value);
              field.onChange(Number.NaN);
            }
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={refused !== null || Boolean(fieldState.error)}
          helperText={refused !== null ? messages.wholeNumber : fieldState.error?.message}
          fullWidth
          margin="dense"
          slotProps={{
            htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' },
            input: unit
              ? {
                  endAdornment: (
                    <InputAdornment position="end">{unitLabel(unit, field.value)}</InputAdornment>
                  ),
                }
              : undefined,
          }}
        />
      )}
    />
  );
}
