import type { Group } from '@dosechain/contract';
import type { Choice } from '../../components/form/multi-select.tsx';
import { useListChoices } from '../../components/form/use-list-choices.ts';

const GROUPS = '/groups';

const byName = { sort: 'name', fields: 'name,active' };
const groupChoice = (g: Group) => ({ value: g.id, label: g.active ? g.name : `${g.name} (inactive)` });

/** Groups to pick from (the first 100 by name); inactive ones are marked. */
export function useGroupChoices(): { choices: Choice<number>[]; loading: boolean; total: number } {
  return useListChoices(GROUPS, byName, groupChoice);
}
