import { describe, expect, it } from 'vitest';
import { orderWindowText } from './order-window-text.ts';

describe('orderWindowText', () => {
  it('says the window and its nominal day', () => {
    expect(
      orderWindowText({
        anchorDate: '2026-12-01',
        nominalDate: '2027-01-12',
        earliestDate: '2027-01-05',
        latestDate: '2027-01-19',
      }),
    ).toBe('Window: Jan 5 – Jan 19, 2027 (nominal Jan 12)');
  });

  it('gives both years when the window spans New Year', () => {
    expect(
      orderWindowText({
        anchorDate: '2026-11-01',
        nominalDate: '2027-01-01',
        earliestDate: '2026-12-28',
        latestDate: '2027-01-04',
      }),
    ).toBe('Window: Dec 28, 2026 – Jan 4, 2027 (nominal Jan 1)');
  });

  it('is null without a window', () => {
    expect(
      orderWindowText({ anchorDate: null, nominalDate: null, earliestDate: null, latestDate: null }),
    ).toBeNull();
    expect(orderWindowText(undefined)).toBeNull();
  });
});
