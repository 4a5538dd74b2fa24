import { useQuery } from '@tanstack/react-query';
import { useApi } from './api-context.tsx';

export interface AppSettings {
  supportEmail: string;
  eSignature: boolean;
}

/** Public settings: the support contact and whether actions need an e-signature. */
export function useAppSettings() {
  const api = useApi();
  return useQuery({
    queryKey: ['app-config'],
    queryFn: ({ signal }) => api<AppSettings>('GET', '/app-config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
