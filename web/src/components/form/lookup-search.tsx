import { type ListResponse, limits, messages } from '@dosechain/contract';
import { type AutocompleteRenderInputParams, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { getListPage } from '../../api/list-call.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';

/** A lookup answers `{items}` or a bare array (spec section 7). */
export const lookupItems = <T,>(answer: ListResponse<T> | T[] | undefined): T[] =>
  Array.isArray(answer) ? answer : (answer?.items ?? []);

/** How many records match a lookup: the answer's `total`, or the length of a bare array. */
export const lookupTotal = <T,>(answer: ListResponse<T> | T[] | undefined): number =>
  Array.isArray(answer) ? answer.length : (answer?.total ?? answer?.items.length ?? 0);

/**
 * The options of a searched lookup on a list endpoint: up to 100 items by name (or `sort`),
 * searched 500 ms after typing stops, cached per search text, with how many match in all.
 * Hand `onInputChange` to the Autocomplete.
 */
export function useLookupSearch<I>(
  resource: string,
  {
    activeOnly = false,
    sort = 'name',
    enabled = true,
  }: { activeOnly?: boolean; sort?: string; enabled?: boolean } = {},
) {
  const api = useApi();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), limits.lookupDebounceMs);
  const options = useQuery({
    queryKey: queryKeys.lookup(resource, search, activeOnly, sort),
    queryFn: ({ signal }) =>
      getListPage<I>(api, resource, {
        query: {
          size: limits.lookupSize,
          sort,
          search: search || undefined,
          filter: activeOnly ? JSON.stringify([{ field: 'active', op: 'eq', value: true }]) : undefined,
        },
        signal,
      }),
    enabled,
    staleTime: 60_000,
  });
  const items = lookupItems<I>(options.data);
  const total = lookupTotal(options.data);
  return {
    items,
    total,
    /** What the open list says under its options when the server listed fewer than match. */
    note: truncationNote(items.length, total),
    isFetching: options.isFetching,
    onInputChange: (_: unknown, text: string, reason: string) => {
      if (reason === 'input') setInput(text);
    },
  };
}

/** Under an open lookup whose list was cut at the lookup size: how many it shows of how many, and to type. */
export function truncationNote(shown: number, total: number): string | undefined {
  return total > shown ? messages.lookupTruncated(shown, total) : undefined;
}

/** The Autocomplete input's slots with a spinner before its buttons while the lookup searches. */
export function searchingSlotProps(params: AutocompleteRenderInputParams, isFetching: boolean) {
  return {
    ...params.slotProps,
    input: {
      ...params.slotProps.input,
      endAdornment: (
        <>
          {isFetching && <CircularProgress size={16} />}
          {params.slotProps.input.endAdornment}
        </>
      ),
    },
  };
}
