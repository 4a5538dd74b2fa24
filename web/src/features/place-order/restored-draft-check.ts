import type { NamedRef } from '@dosechain/contract';
import type { CalendarDay } from './calendar-days.ts';
import type { OrderDraft } from './order-draft.ts';

type ChoiceField = 'studyId' | 'siteId' | 'examId' | 'imagingCenterId' | 'timePointId';

/** The choices a restored draft is checked against: what the user may pick now. */
export interface ChoiceLists {
  studies: readonly NamedRef[];
  sites: readonly NamedRef[];
  exams: readonly NamedRef[];
  imagingCenters: readonly NamedRef[];
  timepoints: readonly NamedRef[];
}

const labels: Record<ChoiceField, string> = {
  studyId: 'Study',
  siteId: 'Site',
  examId: 'Exam',
  imagingCenterId: 'Imaging center',
  timePointId: 'Timepoint',
};

/** What a choice empties when it goes: the choices that depend on it (as picking another does). */
const dependents: Record<ChoiceField, ChoiceField[]> = {
  studyId: ['siteId', 'examId', 'imagingCenterId'],
  siteId: ['examId', 'imagingCenterId'],
  examId: [],
  imagingCenterId: [],
  timePointId: [],
};

/**
 * The draft's choices that are no longer offered (a study closed, a pairing deleted, a center
 * unlinked), with what depended on them; a fixed own company is never emptied. `calendar`: the
 * picked day and hour go too, as they were found for the choices that went.
 */
export function goneChoices(
  draft: Pick<OrderDraft, ChoiceField>,
  lists: ChoiceLists,
  fixed: { siteId?: number; imagingCenterId?: number },
): { gone: string[]; clear: ChoiceField[]; calendar: boolean } {
  const offered: Record<ChoiceField, readonly NamedRef[]> = {
    studyId: lists.studies,
    siteId: lists.sites,
    examId: lists.exams,
    imagingCenterId: lists.imagingCenters,
    timePointId: lists.timepoints,
  };
  const isFixed = (f: ChoiceField) =>
    (f === 'siteId' && fixed.siteId !== undefined) ||
    (f === 'imagingCenterId' && fixed.imagingCenterId !== undefined);
  const gone: ChoiceField[] = [];
  const clear = new Set<ChoiceField>();
  for (const field of Object.keys(offered) as ChoiceField[]) {
    const id = draft[field];
    if (id == null || clear.has(field) || isFixed(field)) continue;
    if (offered[field].some((o) => o.id === id)) continue;
    gone.push(field);
    for (const f of [field, ...dependents[field]]) if (!isFixed(f)) clear.add(f);
  }
  const kept = (f: ChoiceField) => !clear.has(f);
  return {
    gone: gone.map((f) => labels[f]),
    clear: [...clear],
    calendar: !(kept('studyId') && kept('siteId') && kept('examId') && kept('imagingCenterId')),
  };
}

/** Whether a restored calibration hour is still open: its day is offered and the hour on it. */
export function slotStillOpen(
  calibration: string,
  day: string | null | undefined,
  openDays: ReadonlyMap<string, CalendarDay>,
): boolean {
  if (!calibration || !day) return false;
  return openDays.get(day)?.hours.some((h) => h.value === calibration) ?? false;
}
