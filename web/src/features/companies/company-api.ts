import type { Company, CompanyCreateBody, CompanyUpdateBody } from '@dosechain/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { CompanyKind } from './company-kinds.ts';

export function useCompany(kind: CompanyKind, id: number | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['company', kind.type, id],
    queryFn: ({ signal }) => api<Company>('GET', `${kind.api}/${id}`, { signal }),
    enabled: id !== undefined && Number.isInteger(id),
    retry: false,
  });
}

/** Creates or updates a company and refreshes every list and detail that shows it. */
export function useSaveCompany(kind: CompanyKind, id: number | undefined) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyCreateBody | CompanyUpdateBody) =>
      id === undefined
        ? api<Company>('POST', kind.api, { body })
        : api<Company>('PUT', `${kind.api}/${id}`, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['company', kind.type, saved.id], saved);
      void queryClient.invalidateQueries({ queryKey: ['list', kind.api] });
    },
  });
}
