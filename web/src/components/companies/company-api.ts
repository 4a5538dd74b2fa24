import type { Company } from '@dosechain/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { CompanyKind } from './company-kinds.ts';

/** A company's own query key: its saves (`useRecordSubmit`'s `recordKey`) refresh it. */
export const companyKey = (kind: CompanyKind, id: number | undefined) => ['company', kind.type, id] as const;

export function useCompany(kind: CompanyKind, id: number | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: companyKey(kind, id),
    queryFn: ({ signal }) => api<Company>('GET', `${kind.api}/${id}`, { signal }),
    enabled: id !== undefined && Number.isInteger(id),
    retry: false,
  });
}
