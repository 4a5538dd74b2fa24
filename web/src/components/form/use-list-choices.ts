import { limits } from '@dosechain/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { getListPage } from '../../api/list-call.ts';
import { queryKeys } from '../../api/query-keys.ts';
import type { Choice } from './multi-select.tsx';

/**
 * The choices of a MultiSelect: the first 100 records of a list endpoint in `query.sort` order,
 * and how many there are in all (hand it to the MultiSelect, which says when the list is cut).
 */
export function useListChoices<I>(
  resource: string,
  query: { sort: string; fields?: string },
  toChoice: (item: I) => Choice<number>,
): { choices: Choice<number>[]; loading: boolean; total: number } {
  const api = useApi();
  const list = useQuery({
    queryKey: queryKeys.lookup(resource, 'choices', query),
    queryFn: ({ signal }) =>
      getListPage<I>(api, resource, { query: { size: limits.lookupSize, ...query }, signal }),
    staleTime: 60_000,
  });
  const items = list.data?.items ?? [];
  return { choices: items.map(toChoice), loading: list.isLoading, total: list.data?.total ?? items.length };
}
