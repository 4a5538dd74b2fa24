import type { Company } from '@dosechain/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { getRecord } from '../../api/list-call.ts';
import { queryKeys } from '../../api/query-keys.ts';
import type { CompanyKind } from './company-kinds.ts';

/** A company's own query key: its saves (`useRecordSubmit`'s `recordKey`) refresh it. */
export const companyKey = (kind: CompanyKind, id: number | undefined) =>
  queryKeys.record(kind.api, Number(id));

export function useCompany(kind: CompanyKind, id: number | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: companyKey(kind, id),
    queryFn: ({ signal }) => getRecord<Company>(api, kind.api, Number(id), signal),
    enabled: id !== undefined && Number.isInteger(id),
    retry: false,
  });
}
