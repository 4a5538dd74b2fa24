import { type ListResponse, limits } from '@dosechain/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { Choice } from './multi-select.tsx';

/** The choices of a MultiSelect: the first 100 records of a list endpoint in `query.sort` order. */
export function useListChoices<I>(
  resource: string,
  query: { sort: string; fields?: string },
  toChoice: (item: I) => Choice<number>,
): { choices: Choice<number>[]; loading: boolean } {
  const api = useApi();
  const list = useQuery({
    queryKey: ['lookup', resource, 'choices', query],
    queryFn: ({ signal }) =>
      api<ListResponse<I>>('GET', resource, { query: { size: limits.lookupSize, ...query }, signal }),
    staleTime: 60_000,
  });
  return { choices: (list.data?.items ?? []).map(toChoice), loading: list.isLoading };
}
