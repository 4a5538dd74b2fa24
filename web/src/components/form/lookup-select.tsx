import { Autocomplete } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { autocompleteInput } from './autocomplete-input.tsx';
import { LookupNoteContext, LookupPopupPaper } from './lookup-popup.tsx';
import { searchingSlotProps, useLookupSearch } from './lookup-search.tsx';

export interface LookupItem {
  id: number;
  name: string;
}

/**
 * Picks a record by id from a list endpoint: up to 100 items by name, searched 500 ms after
 * typing stops, cached per search text. Its open list says when more records match than it lists.
 */
export function LookupSelect<T extends FieldValues, I extends LookupItem = LookupItem>({
  control,
  name,
  label,
  resource,
  activeOnly = false,
  required,
  initial,
  optionLabel = (item) => item.name,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  resource: string;
  activeOnly?: boolean;
  required?: boolean;
  /** The record the field holds when the form opens: shown even when the lookup does not list it (inactive, or past the first 100). */
  initial?: I;
  /** How an item reads in the list and the field, e.g. an exam with its drug. */
  optionLabel?: (item: I) => string;
}) {
  const { items: listed, note, isFetching, onInputChange } = useLookupSearch<I>(resource, { activeOnly });
  const items = initial && !listed.some((i) => i.id === initial.id) ? [initial, ...listed] : listed;
  return (
    <LookupNoteContext value={note}>
      <Controller
        control={control}
        name={name}
        rules={{ required: required ? 'Required' : false }}
        render={({ field, fieldState }) => (
          <Autocomplete<I>
            options={items}
            loading={isFetching}
            slots={{ paper: LookupPopupPaper }}
            value={items.find((i) => i.id === field.value) ?? null}
            onChange={(_, v) => field.onChange(v?.id ?? null)}
            onInputChange={onInputChange}
            onBlur={field.onBlur}
            getOptionLabel={optionLabel}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(x) => x}
            renderInput={autocompleteInput(field, fieldState, {
              label,
              required,
              slotProps: (params) => searchingSlotProps(params, isFetching),
            })}
          />
        )}
      />
    </LookupNoteContext>
  );
}
