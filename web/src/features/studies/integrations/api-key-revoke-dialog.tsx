import { type ApiKey, messages } from '@dosechain/contract';
import { ReasonDialog } from '../../../components/form/reason-dialog.tsx';
import { useRevokeApiKey } from './integrations-api.ts';

/** Revokes a key of the study: a reason (required, max 140) and the e-signature. */
export function ApiKeyRevokeDialog({
  studyId,
  apiKey,
  onClose,
}: {
  studyId: number;
  apiKey: ApiKey;
  onClose: () => void;
}) {
  const revoke = useRevokeApiKey(studyId);
  return (
    <ReasonDialog
      title="Revoke API Key"
      question={`Revoke the API key ${apiKey.name} (${apiKey.prefix})? Requests with it are refused from then on.`}
      submitLabel="Revoke"
      onConfirm={(meta) => revoke.mutateAsync({ id: apiKey.id, meta })}
      onClose={onClose}
      success={messages.apiKeyRevokedDone}
      failure={messages.errorRevokingApiKey}
    />
  );
}
