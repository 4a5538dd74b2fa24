import { messages } from '@dosechain/contract';
import { InputAdornment, TextField } from '@mui/material';
import { useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/** A positive decimal as typed: digits with at most one point ("109.77", "6", ".5"). */
const DECIMAL = /^(\d+\.?\d*|\.\d+)$/;

/**
 * A positive decimal number, kept as typed while it is edited ("109." stays on screen). Text
 * that is not a decimal ("1e3", "-2", "1,5") stays with a message and the form is not valid; the
 * contract's schema checks the range and the decimal places.
 */
export function DecimalField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  unit,
  helperText,
  refusal,
  compact = false,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  required?: boolean;
  /** A unit shown after the number (`mCi`). */
  unit?: string;
  /** What the field says under it while it holds no error. */
  helperText?: string;
  /** A refusal the form knows as the user types (a limit the schema cannot hold): shown as the error. */
  refusal?: string;
  /** In a table's cell: small, no margin, the label only as the input's accessible name (the column names it). */
  compact?: boolean;
}) {
  // What is on screen, once the user has typed; the form's value until then.
  const [text, setText] = useState<string | null>(null);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        // The typed text stands while it still says the form's value; a reset of the form (Place
        // order starts again after each order) or a value set from outside replaces it.
        const typed = text?.trim();
        const parsed =
          typed === undefined
            ? undefined
            : typed === ''
              ? null
              : DECIMAL.test(typed)
                ? Number(typed)
                : Number.NaN;
        const current = field.value ?? null;
        const stale = text !== null && !Object.is(parsed, current);
        const shown =
          text !== null && !stale
            ? text
            : field.value === null || field.value === undefined
              ? ''
              : String(field.value);
        const refused = shown.trim() !== '' && !DECIMAL.test(shown.trim());
        return (
          <TextField
            label={compact ? undefined : label}
            name={field.name}
            required={required}
            value={shown}
            onChange={(e) => {
              const typed = e.target.value;
              setText(typed);
              const trimmed = typed.trim();
              // NaN is no number to any schema: the form stays invalid while the text is shown.
              field.onChange(trimmed === '' ? null : DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN);
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={refused || Boolean(fieldState.error) || refusal !== undefined}
            helperText={
              refused ? messages.decimalNumber : (fieldState.error?.message ?? refusal ?? helperText)
            }
            fullWidth
            margin={compact ? 'none' : 'dense'}
            size={compact ? 'small' : 'medium'}
            slotProps={{
              htmlInput: {
                inputMode: 'decimal',
                ...(compact ? { 'aria-label': label } : {}),
              },
              input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : {},
            }}
          />
        );
      }}
    />
  );
}
