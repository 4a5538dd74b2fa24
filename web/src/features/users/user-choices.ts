import { type ListResponse, limits, type User } from '@dosechain/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { Choice } from '../../components/form/multi-select.tsx';

export const USERS = '/users';

/** Users to pick from (the first 100 by username), labelled "Full Name (username)". */
export function useUserChoices(): { choices: Choice<number>[]; loading: boolean } {
  const api = useApi();
  const query = useQuery({
    queryKey: ['lookup', USERS, 'choices'],
    queryFn: ({ signal }) =>
      api<ListResponse<User>>('GET', USERS, { query: { size: limits.lookupSize, sort: 'username' }, signal }),
    staleTime: 60_000,
  });
  const choices = (query.data?.items ?? []).map((u) => ({
    value: u.id,
    label: `${u.fullName} (${u.username})${u.active ? '' : ' — inactive'}`,
  }));
  return { choices, loading: query.isLoading };
}
