import { type Group, type ListResponse, limits } from '@dosechain/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { Choice } from '../../components/form/multi-select.tsx';

const GROUPS = '/groups';

/** Groups to pick from (the first 100 by name); inactive ones are marked. */
export function useGroupChoices(): { choices: Choice<number>[]; loading: boolean } {
  const api = useApi();
  const query = useQuery({
    queryKey: ['lookup', GROUPS, 'choices'],
    queryFn: ({ signal }) =>
      api<ListResponse<Group>>('GET', GROUPS, {
        query: { size: limits.lookupSize, sort: 'name', fields: 'name,active' },
        signal,
      }),
    staleTime: 60_000,
  });
  const choices = (query.data?.items ?? []).map((g) => ({
    value: g.id,
    label: g.active ? g.name : `${g.name} (inactive)`,
  }));
  return { choices, loading: query.isLoading };
}
