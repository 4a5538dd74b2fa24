import { messages } from '@dosechain/contract';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { type RecordKey, submitWithFeedback, useSaveRecord } from './save-record.ts';

export interface RecordSubmitOptions<V extends FieldValues, O, R extends { id: number } = { id: number }> {
  /** The API resource, e.g. `/drugs`. */
  resource: string;
  /** The record being edited; none to create one. */
  id?: number;
  /** The singular the texts name: 'Drug created', 'Error updating the Drug'. */
  entity: string;
  setError: UseFormSetError<V>;
  /** The form's field names a server error may name. */
  fields: readonly string[];
  /** Called with the saved record, as the server answered it (the dialog closes, or shows it). */
  onSaved: (saved: R) => void;
  /** The spec's own success text, where it has one. */
  success?: string;
  /** The spec's own failure text, where it has one. */
  failure?: string;
  /** The request body made of the submitted values; the values themselves by default. */
  toBody?: (values: O) => unknown;
  recordKey?: RecordKey;
  /**
   * The answer holds a secret shown once (a new API key, a webhook's signing secret): the screen
   * shows the result itself (no success toast), and the answer is not kept in the query cache.
   */
  secretShownOnce?: boolean;
}

/**
 * The submit of an add/edit dialog: creates (no id) or updates the record, toasts
 * '<entity> created/updated' (or `success`), puts server refusals on the fields (a wrong
 * e-signature on the password field), toasts a conflict's message or 'Error creating/updating
 * the <entity>' (or `failure`), and hands the saved record to `onSaved` when it went through. Hand it to
 * `handleSubmit`: the promise it returns keeps the form submitting until the answer is in.
 */
export function useRecordSubmit<
  V extends FieldValues,
  O = unknown,
  R extends { id: number } = { id: number },
>({
  resource,
  id,
  entity,
  setError,
  fields,
  onSaved,
  success,
  failure,
  toBody,
  recordKey,
  secretShownOnce = false,
}: RecordSubmitOptions<V, O, R>): (values: O) => Promise<void> {
  const save = useSaveRecord<R>(resource, id, recordKey, !secretShownOnce);
  const creating = id === undefined;
  return async (values) => {
    let record: R | undefined;
    const sent = async () => {
      record = await save.mutateAsync(toBody ? toBody(values) : values);
    };
    const saved = await submitWithFeedback(sent, {
      setError,
      fields,
      success: secretShownOnce ? undefined : (success ?? `${entity} ${creating ? 'created' : 'updated'}`),
      failure: failure ?? (creating ? messages.errorCreating(entity) : messages.errorUpdating(entity)),
    });
    if (saved) onSaved(record!);
  };
}
