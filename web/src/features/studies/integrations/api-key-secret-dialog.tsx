import { type ApiKeyCreated, formatInstant, messages } from '@dosechain/contract';
import { SecretShownOnceDialog } from '../../../components/secret-shown-once-dialog.tsx';

/** The new key's secret, shown this once (decision 027): copy it now, it cannot be read again. */
export function ApiKeySecretDialog({ apiKey, onClose }: { apiKey: ApiKeyCreated; onClose: () => void }) {
  return (
    <SecretShownOnceDialog
      title="API Key Created"
      warning={messages.apiKeySecretShownOnce}
      summary={`${apiKey.name} · ${apiKey.site.name} · expires ${formatInstant(apiKey.expiresAt, 'UTC')}`}
      label="API key"
      secret={apiKey.secret}
      hint={
        <>
          Send it as <code>Authorization: Bearer {apiKey.prefix}_…</code>.
        </>
      }
      onClose={onClose}
    />
  );
}
