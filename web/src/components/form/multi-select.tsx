import { messages } from '@dosechain/contract';
import { Autocomplete } from '@mui/material';
import { useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { autocompleteInput } from './autocomplete-input.tsx';

export interface Choice<V extends string | number> {
  value: V;
  label: string;
}

/** Several values from a fixed list; when required, at least one (spec section 5). */
export function MultiSelect<T extends FieldValues, V extends string | number>({
  control,
  name,
  label,
  choices,
  required,
  total,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  choices: Choice<V>[];
  required?: boolean;
  /** How many records exist when `choices` holds only the first of them. */
  total?: number;
}) {
  const [open, setOpen] = useState(false);
  const note =
    open && total !== undefined && total > choices.length
      ? messages.choicesTruncated(choices.length, total)
      : undefined;
  return (
    <Controller
      control={control}
      name={name}
      rules={{ validate: (v: V[] | undefined) => !required || (v?.length ?? 0) > 0 || 'Required' }}
      render={({ field, fieldState }) => (
        <Autocomplete<Choice<V>, true>
          multiple
          // Several items are picked in a row: the list stays open after each pick.
          disableCloseOnSelect
          onOpen={() => setOpen(true)}
          onClose={() => setOpen(false)}
          options={choices}
          value={choices.filter((c) => ((field.value ?? []) as V[]).includes(c.value))}
          onChange={(_, picked) => field.onChange(picked.map((c) => c.value))}
          onBlur={field.onBlur}
          getOptionLabel={(c) => c.label}
          isOptionEqualToValue={(a, b) => a.value === b.value}
          renderInput={autocompleteInput(field, fieldState, { label, required, helperText: note })}
        />
      )}
    />
  );
}
