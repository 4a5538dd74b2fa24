import { type AuditEntityType, limits } from '@dosechain/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { queryKeys } from '../../api/query-keys.ts';

const AUDIT_CHAIN_QUERY_KEY = ['audit-logs', 'verify'] as const;

/** `GET /audit-logs/verify`: the server walks the whole chain, so it has its own, longer timeout. */
export const verifyAuditChain = (api: HttpClient, signal?: AbortSignal) =>
  api('GET', '/audit-logs/verify', { signal, timeoutMs: limits.auditVerifyTimeoutMs });

/** Verified afresh whenever asked (never stale), not again on a window's focus nor on a failure. */
export const auditChainQueryOptions = (api: HttpClient) =>
  queryOptions({
    queryKey: AUDIT_CHAIN_QUERY_KEY,
    queryFn: ({ signal }) => verifyAuditChain(api, signal),
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

export function useAuditChain() {
  return useQuery(auditChainQueryOptions(useApi()));
}

/** `GET /audit-logs/changeset/:entityType/:id`: every audit entry of one record. */
export const getChangeset = (
  api: HttpClient,
  entityType: AuditEntityType,
  id: number,
  signal?: AbortSignal,
) => api('GET', `/audit-logs/changeset/${entityType}/${id}`, { signal });

export const changesetQueryOptions = (api: HttpClient, entityType: AuditEntityType, id: number) =>
  queryOptions({
    queryKey: queryKeys.of('/audit-logs/changeset', entityType, id),
    queryFn: ({ signal }) => getChangeset(api, entityType, id, signal),
  });

/** One record's audit history. */
export function useChangeset(entityType: AuditEntityType, id: number) {
  return useQuery(changesetQueryOptions(useApi(), entityType, id));
}
