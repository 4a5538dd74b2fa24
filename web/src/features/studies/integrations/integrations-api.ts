import { STUDIES } from '../study-api.ts';

/** The clinical sites the study's pairings name, each once: an API key's site is one of them. */
export const pairedSitesResource = (studyId: number) => `${STUDIES}/${studyId}/sites` as const;

/** The study's integration API keys (decision 027). */
export const apiKeysResource = (studyId: number) => `${STUDIES}/${studyId}/api-keys` as const;

/** The study's webhooks (decision 030) and one webhook's delivery log. */
export const webhooksResource = (studyId: number) => `${STUDIES}/${studyId}/webhooks` as const;
export const webhookDeliveriesResource = (studyId: number, webhookId: number) =>
  `${STUDIES}/${studyId}/webhooks/${webhookId}/deliveries` as const;
