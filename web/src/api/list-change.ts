import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from './api-context.tsx';
import type { HttpClient } from './http-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * A change to one record of a list (a pairing deleted, a key revoked, a user unlocked, …): `send`
 * makes the call; the list refreshes before the mutation resolves, so a dialog closes on the new list.
 */
export function useListChange<A>(list: string, send: (api: HttpClient, arg: A) => Promise<unknown>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (arg: A) => send(api, arg),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lists(list) }),
  });
}
