import { type CheckInUseEntity, limits, messages } from '@dosechain/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { queryKeys } from '../../api/query-keys.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';

/**
 * Whether another record already uses this value (checked 500 ms after typing stops); never,
 * for an entity `/check-in-use` does not answer for (none given).
 */
export function useInUse(
  entity: CheckInUseEntity | undefined,
  field: 'name' | 'username' | 'email',
  value: string | undefined,
  excludeId?: number,
): boolean {
  const api = useApi();
  const text = useDebouncedValue((value ?? '').trim(), limits.uniquenessDebounceMs);
  const query = useQuery({
    queryKey: queryKeys.of('/check-in-use', entity, field, text, excludeId),
    queryFn: ({ signal }) =>
      api('GET', '/check-in-use', {
        query: { entity, field, value: text, excludeId },
        signal,
      }),
    enabled: text.length > 0 && entity !== undefined,
    staleTime: 10_000,
  });
  return text.length > 0 && entity !== undefined && query.data?.inUse === true;
}

/** The error state and text of a field whose value is already used. */
export function inUseProps(inUse: boolean): { error?: boolean; helperText?: string } {
  return inUse ? { error: true, helperText: messages.alreadyUsed } : {};
}
