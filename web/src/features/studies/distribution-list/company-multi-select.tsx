import type { CompanyType, NamedRef } from '@dosechain/contract';
import { Autocomplete, TextField } from '@mui/material';
import { companyKinds } from '../../../components/companies/company-kinds.ts';
import { LookupNoteContext, LookupPopupPaper } from '../../../components/form/lookup-popup.tsx';
import { searchingSlotProps, useLookupSearch } from '../../../components/form/lookup-search.tsx';

/**
 * Picks companies of one type: up to 100 by name, searched 500 ms after typing stops; the
 * companies already picked stay listed whatever the search. Its open list says when it was cut.
 */
export function CompanyMultiSelect({
  id,
  type,
  value,
  onChange,
  onBlur,
  error,
  label = 'Companies',
}: {
  /** The input's id (a focus target). */
  id?: string;
  type: CompanyType | '';
  value: NamedRef[];
  onChange: (companies: NamedRef[]) => void;
  onBlur?: () => void;
  error?: string;
  label?: string;
}) {
  const resource = type ? companyKinds[type].api : '';
  const lookup = useLookupSearch<NamedRef>(resource, { sort: 'name', enabled: Boolean(type) });
  const listed = lookup.items.map(({ id, name }) => ({ id, name }));
  const items = [...value.filter((v) => !listed.some((l) => l.id === v.id)), ...listed];
  return (
    <LookupNoteContext value={lookup.note}>
      <Autocomplete<NamedRef, true>
        id={id}
        multiple
        size="small"
        disabled={!type}
        options={items}
        value={value}
        loading={lookup.isFetching}
        slots={{ paper: LookupPopupPaper }}
        onChange={(_, picked) => onChange(picked)}
        onInputChange={lookup.onInputChange}
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
            slotProps={searchingSlotProps(params, lookup.isFetching)}
          />
        )}
      />
    </LookupNoteContext>
  );
}
