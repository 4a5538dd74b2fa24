import type { AppSettings } from '@dosechain/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from './api-context.tsx';
import { queryKeys } from './query-keys.ts';

export type { AppSettings };

/** Public settings: the support contact and whether actions need an e-signature. */
export function useAppSettings() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.of('/app-config'),
    queryFn: ({ signal }) => api('GET', '/app-config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
