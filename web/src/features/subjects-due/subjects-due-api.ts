import { hasPermission, limits, type NamedRef } from '@dosechain/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { getListPage } from '../../api/list-call.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useAuth } from '../../auth/auth-context.tsx';

export const SUBJECTS_DUE = '/subjects/due';

/**
 * The studies the user may see subjects due in: those it orders for (`/orders/options`) or, for
 * staff and admin without order.create, every active study.
 */
export function useDueStudies() {
  const api = useApi();
  const { user } = useAuth();
  const orders = user ? hasPermission(user.permissions, 'order.create') : false;
  return useQuery({
    queryKey: queryKeys.of(SUBJECTS_DUE, 'studies', orders),
    queryFn: async ({ signal }): Promise<NamedRef[]> =>
      orders
        ? (await api('GET', '/orders/options', { signal })).studies
        : (
            await getListPage<NamedRef & { active: boolean }>(api, '/studies', {
              query: { size: limits.lookupSize, sort: 'name' },
              signal,
            })
          ).items
            .filter((s) => s.active)
            .map(({ id, name }) => ({ id, name })),
    enabled: user !== null,
  });
}

const subjectsDue = (api: HttpClient, studyId: number, signal?: AbortSignal) =>
  api('GET', SUBJECTS_DUE, { query: { studyId }, signal });

/** `GET /subjects/due` of one study (none asked for while `studyId` is undefined). */
export function useSubjectsDue(studyId: number | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.of(SUBJECTS_DUE, studyId),
    queryFn: ({ signal }) => subjectsDue(api, studyId as number, signal),
    enabled: studyId !== undefined,
  });
}

/** How many timepoints are due or overdue over every study the user sees; undefined while loading. */
export function useSubjectsDueCount(): number | undefined {
  const api = useApi();
  const studies = useDueStudies();
  const lists = useQueries({
    queries: (studies.data ?? []).map((s) => ({
      queryKey: queryKeys.of(SUBJECTS_DUE, s.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => subjectsDue(api, s.id, signal),
    })),
  });
  if (!studies.data || lists.some((l) => !l.data)) return undefined;
  return lists.reduce((n, l) => n + (l.data?.items.length ?? 0), 0);
}
