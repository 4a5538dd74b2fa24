import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { queryKeys } from '../../api/query-keys.ts';
import type { DoseAccountabilityRequest } from './dose-accountability-model.ts';

/** `GET /reports/dose-accountability/options`: the studies and sites the report may be narrowed to. */
export const doseAccountabilityOptionsQueryOptions = (api: HttpClient) =>
  queryOptions({
    queryKey: queryKeys.of('/reports/dose-accountability/options'),
    queryFn: ({ signal }) => api('GET', '/reports/dose-accountability/options', { signal }),
  });

export function useDoseAccountabilityOptions() {
  return useQuery(doseAccountabilityOptionsQueryOptions(useApi()));
}

/** One Generate Report: each click asks again, also for the same choices. */
export interface DoseAccountabilityRun {
  request: DoseAccountabilityRequest;
  run: number;
}

/** `GET /reports/dose-accountability`: the counts of one Generate Report; nothing before the first. */
export function useDoseAccountability(run: DoseAccountabilityRun | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.of('/reports/dose-accountability', run),
    enabled: run !== null,
    queryFn: ({ signal }) =>
      api('GET', '/reports/dose-accountability', { query: { ...run?.request }, signal }),
  });
}

/** `GET /reports/dose-accountability/doses`: the doses of the same run, for the core lab. */
export function useDoseRecords(run: DoseAccountabilityRun | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.of('/reports/dose-accountability/doses', run),
    enabled: run !== null,
    queryFn: ({ signal }) =>
      api('GET', '/reports/dose-accountability/doses', { query: { ...run?.request }, signal }),
  });
}
