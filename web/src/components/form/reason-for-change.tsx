import { limits, OTHER_REASON } from '@dosechain/contract';
import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useReasonsForChange } from './reasons-api.ts';

/**
 * The reason for change: a choice from the server's list; 'Other' opens a 5-row free text
 * with a counter (max 140). The form value is the chosen name or the free text.
 */
export function ReasonForChangeField<T extends FieldValues>({
  control,
  name,
  required = false,
}: {
  control: Control<T>;
  name: Path<T>;
  required?: boolean;
}) {
  const reasons = useReasonsForChange();
  const [choice, setChoice] = useState('');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <>
          <TextField
            select
            label="Reason for change"
            name={field.name}
            value={choice}
            required={required}
            onChange={(e) => {
              setChoice(e.target.value);
              field.onChange(e.target.value === OTHER_REASON ? '' : e.target.value);
            }}
            onBlur={field.onBlur}
            error={choice !== OTHER_REASON && Boolean(fieldState.error)}
            helperText={choice !== OTHER_REASON ? fieldState.error?.message : undefined}
            fullWidth
            margin="dense"
          >
            {(reasons.data ?? []).map((r) => (
              <MenuItem key={r.id} value={r.name}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
          {choice === OTHER_REASON && (
            <TextField
              label="Describe the reason"
              multiline
              rows={5}
              required={required}
              value={field.value ?? ''}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              slotProps={{ htmlInput: { maxLength: limits.reasonMax } }}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? `${(field.value ?? '').length}/${limits.reasonMax}`}
              fullWidth
              margin="dense"
            />
          )}
        </>
      )}
    />
  );
}
