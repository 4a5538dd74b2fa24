import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { toast } from 'react-toastify';

import { useApi } from '../../api/api-context.tsx';
import { saveRecordCall } from '../../api/list-call.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { applyServerErrors, conflictMessage, showFailureToast } from './server-errors.ts';

/** The query key of one record; `[resource, id]` unless a feature keys its records otherwise. */
export type RecordKey = (id: number) => readonly unknown[];

/**
 * Creates (no id) or updates (id) a record of a resource such as `/drugs`, then refreshes the
 * lists and the record's own query (`recordKey`, `[resource, id]` by default).
 */
export function useSaveRecord<T extends { id: number }>(
  resource: string,
  id?: number,
  recordKey?: RecordKey,
  /** False when the answer holds a secret shown once: it is not kept in the query cache. */
  cacheRecord = true,
) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => saveRecordCall<T>(api, resource, id, body),
    onSuccess: (saved) => {
      if (cacheRecord)
        queryClient.setQueryData(recordKey?.(saved.id) ?? queryKeys.record(resource, saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists(resource) });
    },
  });
}

export interface SubmitFeedback<V extends FieldValues> {
  setError: UseFormSetError<V>;
  /** The form's field names a server error may name. */
  fields: readonly string[];
  /** The success toast; none when the screen shows the result itself (a secret shown once). */
  success?: string;
  /** Shown when nothing more precise can be: the spec's 'Error creating/updating …'. */
  failure: string;
}

/**
 * Sends a form and tells the user how it went: the success toast; a server refusal on its
 * fields; a conflict the spec names (409) with the server's message; anything else the failure text.
 * Resolves true when saved.
 */
export async function submitWithFeedback<V extends FieldValues>(
  send: () => Promise<unknown>,
  { setError, fields, success, failure }: SubmitFeedback<V>,
): Promise<boolean> {
  try {
    await send();
    if (success) toast.success(success);
    return true;
  } catch (err) {
    const placed = applyServerErrors(err, setError, fields);
    const conflict = conflictMessage(err);
    if (conflict) toast.error(conflict);
    else if (!placed) showFailureToast(err, failure);
    return false;
  }
}
