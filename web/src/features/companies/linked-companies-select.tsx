import { type Company, type ListResponse, limits } from '@dosechain/contract';
import { useQuery } from '@tanstack/react-query';
import type { Control } from 'react-hook-form';
import { useApi } from '../../api/api-context.tsx';
import { MultiSelect } from '../../components/form/multi-select.tsx';
import type { CompanyFormInput } from './company-form-schema.ts';
import { type CompanyKind, companyKinds } from './company-kinds.ts';

/** Picks the companies of the other kind this one is linked to (sites ↔ imaging centers). */
export function LinkedCompaniesSelect({
  control,
  link,
}: {
  control: Control<CompanyFormInput>;
  link: NonNullable<CompanyKind['link']>;
}) {
  const api = useApi();
  const other = companyKinds[link.other];
  const options = useQuery({
    queryKey: ['lookup', other.api, 'all'],
    queryFn: ({ signal }) =>
      api<ListResponse<Company>>('GET', other.api, {
        query: { size: limits.lookupSize, sort: 'name' },
        signal,
      }),
    staleTime: 60_000,
  });
  const choices = (options.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }));
  return <MultiSelect control={control} name={link.field} label={link.label} choices={choices} />;
}
