import { placeOrderBodySchema } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { withSignature } from './signed-form.ts';

describe('withSignature', () => {
  // zod refuses `extend` on a schema with object-level checks: Place order's (its notes given
  // under both names) broke the whole screen ("This screen could not be opened").
  it('signs a schema with object-level checks, and keeps those checks', () => {
    const signed = withSignature(placeOrderBodySchema, true);
    const order = {
      studyId: 1,
      siteId: 2,
      examId: 3,
      imagingCenterId: 4,
      timePointId: 5,
      subjectId: 'S-1',
      calibrationDatetime: '2026-12-02T14:00:00.000Z',
      reasonForChange: '',
    };
    expect(signed.safeParse({ ...order, electronicSignature: 'Demo1234' }).success).toBe(true);
    expect(signed.safeParse({ ...order, electronicSignature: '' }).success).toBe(false);
    const twice = signed.safeParse({
      ...order,
      electronicSignature: 'Demo1234',
      additional_notes: 'one',
      additionalNotes: 'other',
    });
    expect(twice.success).toBe(false);
  });
});
