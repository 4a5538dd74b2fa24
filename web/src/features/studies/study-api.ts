import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/**
 * A change to one of the study's lists (a pairing deleted, a key revoked, …): `send` makes the
 * call; the list refreshes before the mutation resolves, so a dialog closes on the new list.
 */
export function useListChange<A>(list: string, send: (api: HttpClient, arg: A) => Promise<unknown>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (arg: A) => send(api, arg),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lists(list) }),
  });
}
