import type { PlaceOrderOptions } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { choicesOf } from './order-choices.ts';

const ref = (id: number, name: string) => ({ id, name });
const options: PlaceOrderOptions = {
  studies: [ref(1, 'ONCO'), ref(2, 'NEURO')],
  pairings: [
    { studyId: 1, exam: ref(10, 'FDG PET'), site: ref(20, 'Lakeside') },
    { studyId: 1, exam: ref(11, 'PSMA PET'), site: ref(20, 'Lakeside') },
    { studyId: 1, exam: ref(10, 'FDG PET'), site: ref(21, 'Hudson') },
    { studyId: 2, exam: ref(12, 'Amyloid PET'), site: ref(20, 'Lakeside') },
  ],
  sites: [
    {
      ...ref(20, 'Lakeside'),
      imagingCenters: [
        { ...ref(31, 'Windy City Imaging'), timezone: 'America/Chicago' },
        { ...ref(30, 'Manhattan Molecular Imaging'), timezone: 'America/New_York' },
      ],
    },
    { ...ref(21, 'Hudson'), imagingCenters: [] },
  ],
  timepoints: [ref(40, 'Baseline')],
};

describe('choicesOf', () => {
  it("offers the study's paired sites, the exams of study and site, and the site's imaging centers", () => {
    const choices = choicesOf(options, 1, 20);
    expect(choices.sites.map((s) => s.name)).toEqual(['Hudson', 'Lakeside']);
    expect(choices.exams.map((e) => e.name)).toEqual(['FDG PET', 'PSMA PET']);
    expect(choices.imagingCenters.map((c) => c.name)).toEqual([
      'Manhattan Molecular Imaging',
      'Windy City Imaging',
    ]);
  });

  it('offers nothing further until the study and the site are chosen', () => {
    expect(choicesOf(options, undefined, undefined)).toEqual({ sites: [], exams: [], imagingCenters: [] });
    expect(choicesOf(options, 2, undefined).exams).toEqual([]);
    expect(choicesOf(options, 2, 20).exams.map((e) => e.name)).toEqual(['Amyloid PET']);
  });
});
