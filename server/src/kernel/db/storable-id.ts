import { ID_MAX } from '@dosechain/contract';

/** Ids past the integer column's range name no record (and must not reach SQL). */
export const isStorableId = (id: number) => Number.isInteger(id) && id > 0 && id <= ID_MAX;
