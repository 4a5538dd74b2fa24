import { limits, type NamedRef, type StudyScheduleBody } from '@dosechain/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context.tsx';
import { getListPage } from '../../../api/list-call.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { STUDIES } from '../study-api.ts';

const scheduleKey = (studyId: number) => queryKeys.of(`${STUDIES}/${studyId}/schedule`);

/** `GET /studies/:id/schedule`. */
export function useSchedule(studyId: number) {
  const api = useApi();
  return useQuery({
    queryKey: scheduleKey(studyId),
    queryFn: ({ signal }) => api('GET', `${STUDIES}/${studyId}/schedule`, { signal }),
  });
}

/** `PUT /studies/:id/schedule` (signed, with its reason), then shows the saved schedule. */
export function useSaveSchedule(studyId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StudyScheduleBody) => api('PUT', `${STUDIES}/${studyId}/schedule`, { body }),
    onSuccess: (saved) => queryClient.setQueryData(scheduleKey(studyId), saved),
  });
}

const TIMEPOINTS = '/timepoints';

/** Every timepoint by name (a schedule names them by id). */
export function useTimepoints() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.lookup(TIMEPOINTS, 'all'),
    queryFn: async ({ signal }) =>
      (
        await getListPage<NamedRef>(api, TIMEPOINTS, {
          query: { size: limits.lookupSize, sort: 'name' },
          signal,
        })
      ).items,
  });
}
