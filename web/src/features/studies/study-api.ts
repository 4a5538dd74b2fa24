import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { queryKeys } from '../../api/query-keys.ts';

export const STUDIES = '/studies';

/** `GET /studies/:id`: the study with its distribution list. */
export const getStudy = (api: HttpClient, id: number, signal?: AbortSignal) =>
  api('GET', `${STUDIES}/${id}`, { signal });

/** The study's query, keyed like `useSaveRecord` so its saves refresh it. */
export const studyQueryOptions = (api: HttpClient, id: number) =>
  queryOptions({
    queryKey: queryKeys.record(STUDIES, id),
    queryFn: ({ signal }) => getStudy(api, id, signal),
    retry: false,
  });

/** The study (none asked for while `id` is undefined). */
export function useStudy(id: number | undefined) {
  const api = useApi();
  return useQuery({ ...studyQueryOptions(api, Number(id)), enabled: id !== undefined });
}
