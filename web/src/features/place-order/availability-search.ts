import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useEffect, useState } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { queryKeys } from '../../api/query-keys.ts';
import { AVAILABILITY_SEARCH as SEARCH } from '../../api/resources.ts';

export { SEARCH };

/**
 * The search window of a displayed month, in manufacture dates: a day more on each side, as the
 * CMO's dates and the imaging center's may differ by one (`to` is exclusive).
 */
export function monthWindow(month: DateTime): { from: string; to: string } {
  const start = month.startOf('month');
  return {
    from: start.minus({ days: 1 }).toISODate() ?? '',
    to: start.plus({ months: 1, days: 1 }).toISODate() ?? '',
  };
}

/** The manufacture days with doses left for a study, site and exam, in the displayed month. */
export function useAvailableDays(
  ids: { studyId?: number; siteId?: number; examId?: number },
  month: DateTime,
) {
  const api = useApi();
  const { from, to } = monthWindow(month);
  const ready = ids.studyId !== undefined && ids.siteId !== undefined && ids.examId !== undefined;
  return useQuery({
    queryKey: queryKeys.of(SEARCH, ids.studyId, ids.siteId, ids.examId, from, to),
    queryFn: ({ signal }) =>
      api('GET', SEARCH, {
        query: { studyId: ids.studyId, siteId: ids.siteId, examId: ids.examId, from, to },
        signal,
      }),
    enabled: ready,
  });
}

/** The current time, renewed every `everyMs`, so hours that pass drop out of the picker. */
export function useNow(everyMs = 60_000): DateTime {
  const [now, setNow] = useState(() => DateTime.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(DateTime.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
