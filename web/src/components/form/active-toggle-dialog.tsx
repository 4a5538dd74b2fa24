import { messages } from '@dosechain/contract';
import { ReasonDialog, type ReasonMeta } from './reason-dialog.tsx';

export type ToggleMeta = ReasonMeta;

/**
 * Activation asks for confirmation; inactivation for a reason (max 140). Both are signed.
 * `onConfirm` sends `{active, reasonForChange, electronicSignature}`; a refusal the server
 * explains (DRUG_IN_USE…) is shown with its message, else `failure`.
 */
export function ActiveToggleDialog({
  entity,
  name,
  activate,
  onConfirm,
  onClose,
  failure = messages.errorUpdating(entity),
  success,
}: {
  entity: string;
  name: string;
  activate: boolean;
  onConfirm: (meta: ToggleMeta) => Promise<unknown>;
  onClose: () => void;
  failure?: string;
  /** The toast when it went through; '<entity> <name> activated/inactivated' by default. */
  success?: string;
}) {
  const verb = activate ? 'Activate' : 'Inactivate';
  return (
    <ReasonDialog
      title={`${verb} ${entity}`}
      question={`${verb} ${entity} ${name}?`}
      submitLabel={verb}
      reasonRequired={!activate}
      onConfirm={onConfirm}
      onClose={onClose}
      success={success ?? `${entity} ${name} ${activate ? 'activated' : 'inactivated'}`}
      failure={failure}
    />
  );
}
