import { messages } from '@dosechain/contract';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { toast } from 'react-toastify';
import { applyServerErrors, conflictMessage, showFailureToast } from '../../components/form/server-errors.ts';

/**
 * What a journey dialog (Ship, Administer) does with a refused change: the refusals of its fields
 * on them (a body field's error on the form field `errorFields` names), the dialog kept open;
 * else a conflict's message in a toast, the dialog closed (`onConflict` first); else the spec's
 * 'Error updating the order'.
 */
export function reportOrderChangeRefusal<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  errorFields: Readonly<Record<string, string>>,
  { onClose, onConflict }: { onClose: () => void; onConflict?: () => void },
): void {
  if (applyServerErrors(err, setError, Object.values(errorFields), errorFields)) return;
  const conflict = conflictMessage(err);
  if (!conflict) {
    showFailureToast(err, messages.errorUpdatingOrder);
    return;
  }
  toast.error(conflict);
  onConflict?.();
  onClose();
}
