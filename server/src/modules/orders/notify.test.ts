import { describe, expect, it } from 'vitest';
import { inZone } from './notify.ts';

describe('inZone', () => {
  it('writes the wall-clock time with the zone name in effect at that instant', () => {
    expect(inZone('2027-03-08T13:00:00.000Z', 'America/Chicago')).toBe(
      '2027-03-08 07:00 CST (America/Chicago)',
    );
    // After the March change the same zone is on daylight time.
    expect(inZone('2027-03-15T13:00:00.000Z', 'America/Chicago')).toBe(
      '2027-03-15 08:00 CDT (America/Chicago)',
    );
    expect(inZone('2027-03-08T13:00:00.000Z', 'Europe/Berlin')).toBe(
      '2027-03-08 14:00 GMT+1 (Europe/Berlin)',
    );
    expect(inZone('2027-03-08T13:00:00.000Z', 'Asia/Kolkata')).toBe(
      '2027-03-08 18:30 GMT+5:30 (Asia/Kolkata)',
    );
  });
});
