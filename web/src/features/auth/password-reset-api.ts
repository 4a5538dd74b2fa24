import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { queryKeys } from '../../api/query-keys.ts';

/** `POST /validate-token`: whether a reset link's token may still set a password. */
export const validateResetToken = (api: HttpClient, token: string, signal?: AbortSignal) =>
  api('POST', '/validate-token', { body: { token }, signal });

/** Asked once per token (a link is checked when it opens), not again on a failure. */
export const resetTokenQueryOptions = (api: HttpClient, token: string) =>
  queryOptions({
    queryKey: queryKeys.of('/validate-token', token),
    queryFn: ({ signal }) => validateResetToken(api, token, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** The token's validity; nothing is asked without a token. */
export function useResetToken(token: string) {
  const api = useApi();
  return useQuery({ ...resetTokenQueryOptions(api, token), enabled: token !== '' });
}
