import { type CompanyType, type DistributionEntryInput, limits, type NamedRef } from '@dosechain/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context.tsx';
import type { HttpClient } from '../../../api/http-client.ts';
import { getListPage } from '../../../api/list-call.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { companyKinds } from '../../../components/companies/company-kinds.ts';
import { STUDIES } from '../study-api.ts';

export interface SignedMeta {
  reasonForChange?: string;
  electronicSignature?: string;
}

/** Replaces the study's whole distribution list (signed), then shows the saved one. */
export function useSaveDistributionList(studyId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { distributionList: DistributionEntryInput[] } & SignedMeta) =>
      api('PUT', `${STUDIES}/${studyId}`, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData([STUDIES, studyId], saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists(STUDIES) });
    },
  });
}

/** The list filter's ilike pattern that matches `text` exactly (any case). */
const exactly = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** At most 50 conditions go in one list filter; names are asked for in chunks below that. */
const NAMES_PER_CALL = 40;

/** The companies of a type named (any case) among `names`: one list call per 40 names. */
export async function findCompaniesByName(
  api: HttpClient,
  type: CompanyType,
  names: string[],
): Promise<NamedRef[]> {
  const found: NamedRef[] = [];
  for (let i = 0; i < names.length; i += NAMES_PER_CALL) {
    const chunk = names.slice(i, i + NAMES_PER_CALL);
    const filter = { or: chunk.map((n) => ({ field: 'name', op: 'ilike', value: exactly(n) })) };
    const page = await getListPage<NamedRef>(api, companyKinds[type].api, {
      query: { size: limits.lookupSize, filter: JSON.stringify(filter) },
    });
    found.push(...page.items.map(({ id, name }) => ({ id, name })));
  }
  return found;
}
