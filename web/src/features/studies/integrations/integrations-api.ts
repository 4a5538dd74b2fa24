import type { HttpClient } from '../../../api/http-client.ts';
import { useListChange } from '../../../api/list-change.ts';
import { type ReasonMeta, requiredReasonBody } from '../../../components/form/reason-dialog.tsx';
import { STUDIES } from '../study-api.ts';

/** The clinical sites the study's pairings name, each once: an API key's site is one of them. */
export const pairedSitesResource = (studyId: number) => `${STUDIES}/${studyId}/sites` as const;

/** The study's integration API keys (decision 027). */
export const apiKeysResource = (studyId: number) => `${STUDIES}/${studyId}/api-keys` as const;

/** The study's webhooks (decision 030) and one webhook's delivery log. */
export const webhooksResource = (studyId: number) => `${STUDIES}/${studyId}/webhooks` as const;
export const webhookDeliveriesResource = (studyId: number, webhookId: number) =>
  `${STUDIES}/${studyId}/webhooks/${webhookId}/deliveries` as const;

/** What a signed action on one record of a list sends: the record's id, the reason and the e-signature. */
interface SignedAction {
  id: number;
  meta: ReasonMeta;
}

/** `PUT /studies/:id/api-keys/:keyId/revoke`, signed, with its reason. */
export const revokeApiKey = (api: HttpClient, studyId: number, keyId: number, meta: ReasonMeta) =>
  api('PUT', `${apiKeysResource(studyId)}/${keyId}/revoke`, { body: requiredReasonBody(meta) });

/** Revokes a key of the study, then refreshes its keys. */
export const useRevokeApiKey = (studyId: number) =>
  useListChange(apiKeysResource(studyId), (api, { id, meta }: SignedAction) =>
    revokeApiKey(api, studyId, id, meta),
  );

/** `PUT /studies/:id/webhooks/:webhookId/disable`, signed, with its reason. */
export const disableWebhook = (api: HttpClient, studyId: number, webhookId: number, meta: ReasonMeta) =>
  api('PUT', `${webhooksResource(studyId)}/${webhookId}/disable`, { body: requiredReasonBody(meta) });

/** Disables a webhook of the study, then refreshes its webhooks. */
export const useDisableWebhook = (studyId: number) =>
  useListChange(webhooksResource(studyId), (api, { id, meta }: SignedAction) =>
    disableWebhook(api, studyId, id, meta),
  );

/** `POST /studies/:id/webhooks/:webhookId/deliveries/:deliveryId/resend`, signed, with its reason. */
export const resendWebhookDelivery = (
  api: HttpClient,
  studyId: number,
  webhookId: number,
  deliveryId: number,
  meta: ReasonMeta,
) =>
  api('POST', `${webhookDeliveriesResource(studyId, webhookId)}/${deliveryId}/resend`, {
    body: requiredReasonBody(meta),
  });

/** Resends a delivery of the webhook, then refreshes its delivery log. */
export const useResendWebhookDelivery = (studyId: number, webhookId: number) =>
  useListChange(webhookDeliveriesResource(studyId, webhookId), (api, { id, meta }: SignedAction) =>
    resendWebhookDelivery(api, studyId, webhookId, id, meta),
  );
