import { limits } from '@dosechain/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { queryKeys } from '../../api/query-keys.ts';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';

const ORDER_WINDOW = '/orders/window';

export interface WindowAsk {
  studyId?: number | null;
  siteId?: number | null;
  imagingCenterId?: number | null;
  timePointId?: number | null;
  subjectId?: string;
}

/** `GET /orders/window`: asked once study, site, center, timepoint and subject are all given. */
export function useOrderWindow(ask: WindowAsk) {
  const api = useApi();
  const subjectId = useDebouncedValue((ask.subjectId ?? '').trim(), limits.lookupDebounceMs);
  const { studyId, siteId, imagingCenterId, timePointId } = ask;
  const ready = Boolean(studyId && siteId && imagingCenterId && timePointId && subjectId);
  return useQuery({
    queryKey: queryKeys.of(ORDER_WINDOW, studyId, siteId, imagingCenterId, timePointId, subjectId),
    queryFn: ({ signal }) =>
      api('GET', ORDER_WINDOW, {
        query: {
          studyId: studyId as number,
          siteId: siteId as number,
          imagingCenterId: imagingCenterId as number,
          timePointId: timePointId as number,
          subjectId,
        },
        signal,
      }),
    enabled: ready,
    retry: false,
  });
}
