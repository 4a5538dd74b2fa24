import { type ListResponse, limits } from '@dosechain/contract';
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useApi } from '../../api/api-context.tsx';
import { useDebouncedValue } from '../use-debounced-value.ts';

export interface LookupItem {
  id: number;
  name: string;
}

/** A lookup answers `{items}` or a bare array (spec section 7). */
export const lookupItems = <T,>(answer: ListResponse<T> | T[] | undefined): T[] =>
  Array.isArray(answer) ? answer : (answer?.items ?? []);

/**
 * Picks a record by id from a list endpoint: up to 100 items, searched 500 ms after typing
 * stops, cached per search text.
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
  const api = useApi();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), limits.lookupDebounceMs);
  const options = useQuery({
    queryKey: ['lookup', resource, search, activeOnly],
    queryFn: ({ signal }) =>
      api<ListResponse<I> | I[]>('GET', resource, {
        query: {
          size: limits.lookupSize,
          search: search || undefined,
          filter: activeOnly ? JSON.stringify([{ field: 'active', op: 'eq', value: true }]) : undefined,
        },
        signal,
      }),
    staleTime: 60_000,
  });
  const listed = lookupItems(options.data);
  const items = initial && !listed.some((i) => i.id === initial.id) ? [initial, ...listed] : listed;
  return (
    <Controller
      control={control}
      name={name}
      rules={{ required: required ? 'Required' : false }}
      render={({ field, fieldState }) => (
        <Autocomplete<I>
          options={items}
          loading={options.isFetching}
          value={items.find((i) => i.id === field.value) ?? null}
          onChange={(_, v) => field.onChange(v?.id ?? null)}
          onInputChange={(_, text, reason) => reason === 'input' && setInput(text)}
          onBlur={field.onBlur}
          getOptionLabel={optionLabel}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterOptions={(x) => x}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label={label}
              required={required}
              margin="dense"
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              slotProps={{
                ...params.slotProps,
                input: {
                  ...params.slotProps.input,
                  endAdornment: (
                    <>
                      {options.isFetching && <CircularProgress size={16} />}
                      {params.slotProps.input.endAdornment}
                    </>
                  ),
                },
              }}
            />
          )}
        />
      )}
    />
  );
}
