import type { Company, CompanyCreateBody, CompanyUpdateBody } from '@dosechain/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';

export const CMOS = '/cmos';

export function useCmo(id: number | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['cmo', id],
    queryFn: ({ signal }) => api<Company>('GET', `${CMOS}/${id}`, { signal }),
    enabled: id !== undefined && Number.isInteger(id),
    retry: false,
  });
}

/** Creates or updates a CMO and refreshes every list and detail that shows it. */
export function useSaveCmo(id: number | undefined) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyCreateBody | CompanyUpdateBody) =>
      id === undefined
        ? api<Company>('POST', CMOS, { body })
        : api<Company>('PUT', `${CMOS}/${id}`, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['cmo', saved.id], saved);
      void queryClient.invalidateQueries({ queryKey: ['list', CMOS] });
    },
  });
}
