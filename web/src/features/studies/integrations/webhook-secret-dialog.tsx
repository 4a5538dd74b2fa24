import { messages, type WebhookCreated, webhookHeaders } from '@dosechain/contract';
import { SecretShownOnceDialog } from '../../../components/secret-shown-once-dialog.tsx';

/** The new webhook's signing secret, shown this once (decision 030). */
export function WebhookSecretDialog({ webhook, onClose }: { webhook: WebhookCreated; onClose: () => void }) {
  return (
    <SecretShownOnceDialog
      title="Webhook Created"
      warning={messages.webhookSecretShownOnce}
      summary={webhook.url}
      label="Signing secret"
      secret={webhook.secret}
      hint={
        <>
          Each delivery carries <code>{webhookHeaders.id}</code>, <code>{webhookHeaders.timestamp}</code> and{' '}
          <code>{webhookHeaders.signature}</code> (Standard Webhooks: HMAC-SHA256 of{' '}
          <code>id.timestamp.body</code> under this secret); the API documentation tells how to verify them.
        </>
      }
      onClose={onClose}
    />
  );
}
