import type { Group } from '@dosechain/contract';

export const GROUPS = '/groups';

/** How a group reads in a picker; inactive ones are marked. */
export const groupLabel = (g: Pick<Group, 'name' | 'active'>) => (g.active ? g.name : `${g.name} (inactive)`);
