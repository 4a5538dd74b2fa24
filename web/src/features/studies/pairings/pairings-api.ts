import { STUDIES } from '../study-api.ts';

export const pairingsResource = (studyId: number) => `${STUDIES}/${studyId}/pairings` as const;
