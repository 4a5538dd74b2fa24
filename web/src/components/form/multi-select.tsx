import { Autocomplete } from '@mui/material';
import { useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { autocompleteInput } from './autocomplete-input.tsx';
import { LookupNoteContext, LookupPopupPaper } from './lookup-popup.tsx';
import { searchingSlotProps, useLookupSearch } from './lookup-search.tsx';

export interface Choice<V extends string | number> {
  value: V;
  label: string;
}

/**
 * Several records by id from a list endpoint, searched on the server as the user types (up to 100
 * listed, and the open list says when more match: type to narrow), so any record can be picked
 * however many there are. The values the form opens with keep their labels (`initial`) even when
 * the search does not list them, and are never dropped by a pick: an edit keeps what it did not
 * touch. When required, at least one.
 */
export function LookupMultiSelect<T extends FieldValues, I extends { id: number }>({
  control,
  name,
  label,
  resource,
  sort = 'name',
  optionLabel,
  initial,
  required,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  resource: string;
  /** The list's order, e.g. `username`. */
  sort?: string;
  optionLabel: (item: I) => string;
  /** The labels of the values the form opens with. */
  initial: readonly Choice<number>[];
  required?: boolean;
}) {
  const search = useLookupSearch<I>(resource, { sort });
  // The labels of the values picked, by id (the first values' are `initial`'s, which may arrive
  // after the first render, as a record being edited loads).
  const [known, setKnown] = useState(() => new Map<number, string>());
  const options: Choice<number>[] = search.items.map((item) => ({
    value: item.id,
    label: optionLabel(item),
  }));
  const labelOf = (id: number) =>
    options.find((o) => o.value === id)?.label ?? known.get(id) ?? initial.find((c) => c.value === id)?.label;
  return (
    <LookupNoteContext value={search.note}>
      <Controller
        control={control}
        name={name}
        rules={{ validate: (v: number[] | undefined) => !required || (v?.length ?? 0) > 0 || 'Required' }}
        render={({ field, fieldState }) => (
          <Autocomplete<Choice<number>, true>
            multiple
            // Several items are picked in a row: the list stays open after each pick.
            disableCloseOnSelect
            options={options}
            loading={search.isFetching}
            slots={{ paper: LookupPopupPaper }}
            value={((field.value ?? []) as number[]).map((id) => ({
              value: id,
              label: labelOf(id) ?? `#${id}`,
            }))}
            onChange={(_, picked) => {
              setKnown((map) => new Map([...map, ...picked.map((c) => [c.value, c.label] as const)]));
              field.onChange(picked.map((c) => c.value));
            }}
            onInputChange={search.onInputChange}
            onBlur={field.onBlur}
            getOptionLabel={(c) => c.label}
            isOptionEqualToValue={(a, b) => a.value === b.value}
            // The server searched already.
            filterOptions={(x) => x}
            renderInput={autocompleteInput(field, fieldState, {
              label,
              required,
              slotProps: (params) => searchingSlotProps(params, search.isFetching),
            })}
          />
        )}
      />
    </LookupNoteContext>
  );
}
