import type { NamedRef, PlaceOrderOptions } from '@dosechain/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { queryKeys } from '../../api/query-keys.ts';

/** An imaging center as the form needs it: its zone places the calendar and the hours. */
export interface CenterChoice extends NamedRef {
  timezone?: string;
}

export interface OrderChoices {
  studies: NamedRef[];
  /** The sites paired with the chosen study. */
  sites: NamedRef[];
  /** The exams of the chosen study's pairings for the chosen site. */
  exams: NamedRef[];
  /** The imaging centers linked to the chosen site. */
  imagingCenters: CenterChoice[];
  timepoints: NamedRef[];
  /** The answer the lists are drawn from (a restored draft is checked against it). */
  options: PlaceOrderOptions | undefined;
  loading: boolean;
  failed: boolean;
}

export const ORDER_OPTIONS = '/orders/options';

const uniqueById = <T extends { id: number }>(items: T[]) => [
  ...new Map(items.map((i) => [i.id, i])).values(),
];
const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

/** The sites, exams and imaging centers open to a chosen study and site. */
export function choicesOf(
  options: PlaceOrderOptions | undefined,
  studyId: number | undefined,
  siteId: number | undefined,
): Pick<OrderChoices, 'sites' | 'exams' | 'imagingCenters'> {
  const ofStudy = (options?.pairings ?? []).filter((p) => p.studyId === studyId);
  return {
    sites: uniqueById(ofStudy.map((p) => p.site)).sort(byName),
    exams: uniqueById(ofStudy.filter((p) => p.site.id === siteId).map((p) => p.exam)).sort(byName),
    imagingCenters: [...(options?.sites.find((s) => s.id === siteId)?.imagingCenters ?? [])].sort(byName),
  };
}

/**
 * What the form may choose from, in one call the server scopes to the current role (a site
 * user sees its own site, an imaging-center user the sites linked to it, staff everything).
 */
export function useOrderChoices(studyId: number | undefined, siteId: number | undefined): OrderChoices {
  const api = useApi();
  const options = useQuery({
    queryKey: queryKeys.of(ORDER_OPTIONS),
    queryFn: ({ signal }) => api('GET', ORDER_OPTIONS, { signal }),
    staleTime: 60_000,
  });
  return {
    studies: options.data?.studies ?? [],
    ...choicesOf(options.data, studyId, siteId),
    timepoints: options.data?.timepoints ?? [],
    options: options.data,
    loading: options.isLoading,
    failed: options.isError,
  };
}
