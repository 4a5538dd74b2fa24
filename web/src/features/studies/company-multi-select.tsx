import { type CompanyType, type ListResponse, limits, type NamedRef } from '@dosechain/contract';
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { companyKinds } from '../companies/company-kinds.ts';

/**
 * Picks companies of one type: up to 100 by name, searched 500 ms after typing stops; the
 * companies already picked stay listed whatever the search.
 */
export function CompanyMultiSelect({
  type,
  value,
  onChange,
  onBlur,
  error,
  label = 'Companies',
}: {
  type: CompanyType | '';
  value: NamedRef[];
  onChange: (companies: NamedRef[]) => void;
  onBlur?: () => void;
  error?: string;
  label?: string;
}) {
  const api = useApi();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), limits.lookupDebounceMs);
  const resource = type ? companyKinds[type].api : '';
  const options = useQuery({
    queryKey: ['lookup', resource, search, false],
    queryFn: ({ signal }) =>
      api<ListResponse<NamedRef>>('GET', resource, {
        query: { size: limits.lookupSize, sort: 'name', search: search || undefined },
        signal,
      }),
    enabled: Boolean(type),
    staleTime: 60_000,
  });
  const listed = (options.data?.items ?? []).map(({ id, name }) => ({ id, name }));
  const items = [...value.filter((v) => !listed.some((l) => l.id === v.id)), ...listed];
  return (
    <Autocomplete<NamedRef, true>
      multiple
      size="small"
      disabled={!type}
      options={items}
      value={value}
      loading={options.isFetching}
      onChange={(_, picked) => onChange(picked)}
      onInputChange={(_, text, reason) => reason === 'input' && setInput(text)}
      onBlur={onBlur}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={Boolean(type)}
          placeholder={type ? undefined : 'Choose a company type first'}
          error={Boolean(error)}
          helperText={error}
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
  );
}
