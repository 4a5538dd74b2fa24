import { messages, type Webhook } from '@dosechain/contract';
import { ReasonDialog } from '../../../components/form/reason-dialog.tsx';
import { useDisableWebhook } from './integrations-api.ts';

/** Disables a webhook of the study: a reason (required) and the e-signature. */
export function WebhookDisableDialog({
  studyId,
  webhook,
  onClose,
}: {
  studyId: number;
  webhook: Webhook;
  onClose: () => void;
}) {
  const disable = useDisableWebhook(studyId);
  return (
    <ReasonDialog
      title="Disable Webhook"
      question={`Disable the webhook to ${webhook.url}? No delivery is sent to it from then on.`}
      submitLabel="Disable"
      onConfirm={(meta) => disable.mutateAsync({ id: webhook.id, meta })}
      onClose={onClose}
      success={messages.webhookDisabledDone}
      failure={messages.errorDisablingWebhook}
    />
  );
}
