import { messages, type Webhook } from '@dosechain/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context.tsx';
import { queryKeys } from '../../../api/query-keys.ts';
import { ReasonDialog, type ReasonMeta } from '../../../components/form/reason-dialog.tsx';
import { webhooksResource } from './integrations-api.ts';

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
  const api = useApi();
  const queryClient = useQueryClient();
  const resource = webhooksResource(studyId);
  const disable = async (meta: ReasonMeta) => {
    // The dialog asks for the reason first; the server refuses an empty one.
    await api('PUT', `${resource}/${webhook.id}/disable`, {
      body: { ...meta, reasonForChange: meta.reasonForChange ?? '' },
    });
    await queryClient.invalidateQueries({ queryKey: queryKeys.lists(resource) });
  };
  return (
    <ReasonDialog
      title="Disable Webhook"
      question={`Disable the webhook to ${webhook.url}? No delivery is sent to it from then on.`}
      submitLabel="Disable"
      onConfirm={disable}
      onClose={onClose}
      success={messages.webhookDisabledDone}
      failure={messages.errorDisablingWebhook}
    />
  );
}
