import { describe, expect, it } from 'vitest';
import { hourTicks, windowSegments } from './day-bar-geometry.ts';

describe('windowSegments', () => {
  it('places a window as a share of the 24-hour bar', () => {
    expect(windowSegments('06:00', '18:00')).toEqual([{ left: 25, width: 50 }]);
    expect(windowSegments('00:00', '24:00')).toEqual([{ left: 0, width: 100 }]);
    expect(windowSegments('09:30', '10:00')).toEqual([{ left: (9.5 / 24) * 100, width: (0.5 / 24) * 100 }]);
  });

  it('draws nothing for an empty, reversed or unreadable window', () => {
    expect(windowSegments('08:00', '08:00')).toEqual([]);
    expect(windowSegments('22:00', '02:00')).toEqual([]);
    expect(windowSegments('', '10:00')).toEqual([]);
    expect(windowSegments('08:00', '25:00')).toEqual([]);
  });
});

describe('hourTicks', () => {
  it('marks 0 to 24 across the whole bar', () => {
    const ticks = hourTicks(6);
    expect(ticks.map((t) => t.hour)).toEqual([0, 6, 12, 18, 24]);
    expect(ticks.map((t) => t.left)).toEqual([0, 25, 50, 75, 100]);
  });
});
