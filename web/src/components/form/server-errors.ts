import { GENERIC_TOAST_ID } from '@dosechain/contract';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ApiError } from '../../api/http-client.ts';

/**
 * Puts a server 400's (or a conflict's, an explained refusal's, or a 429's: too many attempts)
 * field errors on the named fields (`address.city` included) and an e-signature failure on the
 * password field, in the server's words (wrong, last attempt before the lock, locked). Returns
 * true when anything landed on a field. `fieldOf` names the form's field of a body field the form
 * holds under another name (a wall clock's refusal on its time picker).
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  knownFields: readonly string[],
  fieldOf: Readonly<Record<string, string>> = {},
): boolean {
  if (!(err instanceof ApiError) || ![400, 403, 409, 429].includes(err.status)) return false;
  let placed = false;
  if (err.code === 'ESIGN_FAILED' && knownFields.includes('electronicSignature')) {
    setError('electronicSignature' as Path<T>, { type: 'server', message: err.message });
    return true;
  }
  for (const e of err.body.errors) {
    const field = fieldOf[e.parameter] ?? e.parameter;
    if (!knownFields.includes(field)) continue;
    setError(field as Path<T>, { type: 'server', message: e.message });
    placed = true;
  }
  return placed;
}

/**
 * The server's own message for a refusal it explains: a conflict with a code of the spec (a 409:
 * DRUG_IN_USE, EXAM_DRUG_INACTIVE…) or a 403 naming the field it is about (a user manager
 * granting more than it holds); else undefined: the caller shows its fallback text.
 */
export function conflictMessage(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  if (err.status === 409 || (err.status === 403 && err.body.errors.length > 0)) return err.message;
  return undefined;
}

/** A 5xx or no usable answer: the HTTP client has already shown the generic error toast for it. */
export const toldByGenericToast = (err: unknown): boolean =>
  err instanceof ApiError && (err.status === 0 || err.status >= 500);

/**
 * The one red toast of a failed action, in the action's words ('Error placing the order'…). When
 * the failure was a 5xx or no answer, the generic toast the HTTP client just showed for it takes
 * these words instead of a second toast appearing beside it.
 */
export function showFailureToast(err: unknown, message: string): void {
  if (toldByGenericToast(err) && toast.isActive(GENERIC_TOAST_ID))
    toast.update(GENERIC_TOAST_ID, { render: message, type: 'error' });
  // The same failure again refreshes its toast instead of stacking a copy under it.
  else if (toast.isActive(message)) toast.update(message, { render: message, type: 'error' });
  else toast.error(message, { toastId: message });
}

/**
 * The success toast of an action that may have failed before: its failure's toast (`failure`,
 * in the action's words, or the generic one that took them) goes, so that no stale red toast
 * stays beside the green one.
 */
export function showSuccessToast(message: string, failure: string): void {
  toast.dismiss(failure);
  toast.dismiss(GENERIC_TOAST_ID);
  toast.success(message);
}
