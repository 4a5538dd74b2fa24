import { type ApiKey, messages } from '@dosechain/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context.tsx';
import { queryKeys } from '../../../api/query-keys.ts';
import { ReasonDialog, type ReasonMeta } from '../../../components/form/reason-dialog.tsx';
import { apiKeysResource } from './integrations-api.ts';

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
  const api = useApi();
  const queryClient = useQueryClient();
  const resource = apiKeysResource(studyId);
  const revoke = async (meta: ReasonMeta) => {
    // The dialog asks for the reason first; the server refuses an empty one.
    await api('PUT', `${resource}/${apiKey.id}/revoke`, {
      body: { ...meta, reasonForChange: meta.reasonForChange ?? '' },
    });
    await queryClient.invalidateQueries({ queryKey: queryKeys.lists(resource) });
  };
  return (
    <ReasonDialog
      title="Revoke API Key"
      question={`Revoke the API key ${apiKey.name} (${apiKey.prefix})? Requests with it are refused from then on.`}
      submitLabel="Revoke"
      onConfirm={revoke}
      onClose={onClose}
      success={messages.apiKeyRevokedDone}
      failure={messages.errorRevokingApiKey}
    />
  );
}
