import { messages } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { scheduleMarkerText } from './schedule-marker.ts';

describe('scheduleMarkerText [issue 36]', () => {
  const plain = { outOfWindow: false, duplicateTimepoint: false, overrideReason: null };
  it('is empty for an order placed as scheduled', () => {
    expect(scheduleMarkerText(plain, true)).toBe('');
  });

  it('names each refusal overridden, the reason only when asked', () => {
    const both = { outOfWindow: true, duplicateTimepoint: true, overrideReason: 'Rescan' };
    const marks = `${messages.outOfWindowMarker} · ${messages.duplicateTimepointMarker}`;
    expect(scheduleMarkerText(both)).toBe(marks);
    expect(scheduleMarkerText(both, true)).toBe(`${marks}: Rescan`);
    expect(scheduleMarkerText({ ...plain, duplicateTimepoint: true, overrideReason: 'PI asked' }, true)).toBe(
      `${messages.duplicateTimepointMarker}: PI asked`,
    );
  });
});
