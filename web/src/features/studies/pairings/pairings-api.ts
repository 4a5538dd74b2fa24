import type { HttpClient } from '../../../api/http-client.ts';
import { useListChange } from '../../../api/list-change.ts';
import { type ReasonMeta, requiredReasonBody } from '../../../components/form/reason-dialog.tsx';
import { STUDIES } from '../study-api.ts';

export const pairingsResource = (studyId: number) => `${STUDIES}/${studyId}/pairings` as const;

/** `DELETE /studies/:id/pairings/:pairingId`, signed, with its reason. */
export const deletePairing = (api: HttpClient, studyId: number, pairingId: number, meta: ReasonMeta) =>
  api('DELETE', `${pairingsResource(studyId)}/${pairingId}`, { body: requiredReasonBody(meta) });

/** Deletes a pairing of the study, then refreshes its pairings. */
export const useDeletePairing = (studyId: number) =>
  useListChange(pairingsResource(studyId), (api, { id, meta }: { id: number; meta: ReasonMeta }) =>
    deletePairing(api, studyId, id, meta),
  );
