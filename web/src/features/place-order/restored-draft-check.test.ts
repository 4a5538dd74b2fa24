import { describe, expect, it } from 'vitest';
import type { CalendarDay } from './calendar-days.ts';
import { goneChoices, slotStillOpen } from './restored-draft-check.ts';

const ref = (id: number) => ({ id, name: `#${id}` });
const lists = {
  studies: [ref(1)],
  sites: [ref(10)],
  exams: [ref(20)],
  imagingCenters: [ref(30)],
  timepoints: [ref(40)],
};
const draft = { studyId: 1, siteId: 10, examId: 20, imagingCenterId: 30, timePointId: 40 };

describe('a restored draft checked again', () => {
  it('keeps choices that are still offered', () => {
    expect(goneChoices(draft, lists, {})).toEqual({ gone: [], clear: [], calendar: false });
  });

  it('empties a study no longer offered with what depended on it, but not a fixed own site', () => {
    const result = goneChoices({ ...draft, studyId: 2 }, lists, { siteId: 10 });
    expect(result.gone).toEqual(['Study']);
    expect(result.clear.sort()).toEqual(['examId', 'imagingCenterId', 'studyId']);
    expect(result.calendar).toBe(true);
  });

  it('empties a timepoint alone, keeping the day and hour', () => {
    const result = goneChoices({ ...draft, timePointId: 41 }, lists, {});
    expect(result).toEqual({ gone: ['Timepoint'], clear: ['timePointId'], calendar: false });
  });

  it('keeps an hour only while its day is open with that hour', () => {
    const hour = '2026-12-08T15:00:00.000Z';
    const open = new Map<string, CalendarDay>([
      ['2026-12-08', { date: '2026-12-08', remaining: 1, hours: [{ value: hour, label: '09:00' }] }],
    ]);
    expect(slotStillOpen(hour, '2026-12-08', open)).toBe(true);
    expect(slotStillOpen('2026-12-08T16:00:00.000Z', '2026-12-08', open)).toBe(false);
    expect(slotStillOpen(hour, '2026-12-08', new Map())).toBe(false);
    expect(slotStillOpen(hour, null, open)).toBe(false);
  });
});
