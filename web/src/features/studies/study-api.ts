import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { queryKeys } from '../../api/query-keys.ts';

export const STUDIES = '/studies';

/** The study with its distribution list; keyed like `useSaveRecord` so its saves refresh it. */
export function useStudy(id: number | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.record(STUDIES, Number(id)),
    queryFn: ({ signal }) => api('GET', `${STUDIES}/${Number(id)}`, { signal }),
    enabled: id !== undefined,
    retry: false,
  });
}
