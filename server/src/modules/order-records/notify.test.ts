import { describe, expect, it } from 'vitest';
import { inZone } from './notify.ts';

describe('inZone', () => {
  it('writes the wall-clock time with the zone name in effect at that instant', () => {
    expect(inZone('2027-03-08T13:00:00.000Z', 'America/Chicago')).toBe(
      'Mar 8, 2027, 07:00 CST (America/Chicago)',
    );
    // After the March change the same zone is on daylight time.
    expect(inZone('2027-03-15T13:00:00.000Z', 'America/Chicago')).toBe(
      'Mar 15, 2027, 08:00 CDT (America/Chicago)',
    );
    expect(inZone('2027-03-08T13:00:00.000Z', 'Europe/Berlin')).toBe(
      'Mar 8, 2027, 14:00 GMT+1 (Europe/Berlin)',
    );
    expect(inZone('2027-03-08T13:00:00.000Z', 'Asia/Kolkata')).toBe(
      'Mar 8, 2027, 18:30 GMT+5:30 (Asia/Kolkata)',
    );
  });
});
