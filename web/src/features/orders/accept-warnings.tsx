import { formatCalendarDate, messages, type Order } from '@dosechain/contract';
import { Alert, Checkbox, FormControlLabel } from '@mui/material';
import type { InputHTMLAttributes } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/**
 * The tick an accept with a warning needs before it can be signed (issue 33): a real checkbox,
 * so Tab reaches it and Space ticks it. Its field is named `confirmed`, so the dialog's "To save"
 * line names it when it is missing.
 */
export function ConfirmWarningsCheckbox<T extends FieldValues>({
  control,
  name,
  label = messages.confirmAcceptWarnings,
}: {
  control: Control<T>;
  name: Path<T>;
  label?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Checkbox
              checked={field.value === true}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
              slotProps={{
                input: {
                  ref: field.ref,
                  name: field.name,
                  // What the "To save" line calls it (the label itself is a sentence).
                  'data-issue-label': 'Confirmation of the warnings',
                } as InputHTMLAttributes<HTMLInputElement>,
              }}
            />
          }
        />
      )}
    />
  );
}

/** The warning of an order whose manufacture day became a day with no manufacture, in the accept dialog. */
export function ClosedDayAcceptWarning({ closed }: { closed: NonNullable<Order['manufactureClosed']> }) {
  return (
    <Alert severity="warning" data-testid="closed-day-warning">
      {messages.orderOnClosedDay(formatCalendarDate(closed.date), closed.reason)}
    </Alert>
  );
}
