import { describe, expect, it } from 'vitest';
import { journeyChart, niceStep } from './journey-chart.ts';

const size = { width: 420, height: 220, left: 40, right: 10, top: 10, bottom: 30 };
const HOUR = 3_600_000;
const F18 = 109.77 * 60; // seconds
const t0 = Date.parse('2026-11-24T06:00:00Z');

/** The numbers of an SVG path, as [x, y] pairs. */
function pairs(d: string): number[][] {
  const numbers = d.replace(/[ML]/g, ' ').trim().split(/\s+/).map(Number);
  const out: number[][] = [];
  for (let i = 0; i < numbers.length; i += 2) out.push([numbers[i]!, numbers[i + 1]!]);
  return out;
}

describe('journeyChart', () => {
  it('draws nothing without a readable mark', () => {
    expect(journeyChart([], F18, size)).toBeNull();
    expect(journeyChart([{ at: Number.NaN, activity: 10, label: 'x' }], F18, size)).toBeNull();
  });

  it('puts the marks in time order on the axes, the biggest below the top', () => {
    const chart = journeyChart(
      [
        { at: t0 + 2 * HOUR, activity: 5.1, label: 'Received' },
        { at: t0, activity: 10, label: 'Calibrated' },
      ],
      F18,
      size,
    )!;
    expect(chart.points.map((p) => p.mark.label)).toEqual(['Calibrated', 'Received']);
    const [cal, rec] = chart.points;
    expect(cal!.x).toBe(size.left);
    expect(rec!.x).toBeGreaterThan(cal!.x);
    expect(rec!.x).toBeLessThan(size.width - size.right);
    // 10 on an axis of round steps past it (step 5 for about four ticks, up to 10 · 1.05).
    expect(chart.yTicks.map((t) => t.value)).toEqual([0, 5, 10, 15]);
    expect(cal!.y).toBeGreaterThan(size.top);
    expect(chart.y0).toBe(size.height - size.bottom);
  });

  it('decays each curve from its own mark: halved after one half-life', () => {
    const chart = journeyChart(
      [
        { at: t0, activity: 8, label: 'Calibrated' },
        { at: t0 + F18 * 1000, activity: 3, label: 'Received' },
      ],
      F18,
      size,
    )!;
    const first = pairs(chart.curves[0]!);
    const [start, endPoint] = [first[0]!, first.at(-1)!];
    const received = chart.points[1]!;
    // The curve from the calibration ends above the receipt, at 4 (half of 8), not at 3.
    expect(endPoint[0]).toBeCloseTo(received.x, 1);
    const heightOf = (y: number) => chart.y0 - y;
    expect(heightOf(endPoint[1]!) / heightOf(start[1]!)).toBeCloseTo(0.5, 2);
    expect(heightOf(received.y) / heightOf(start[1]!)).toBeCloseTo(3 / 8, 2);
    // The last curve starts at the receipt and keeps decaying past it.
    const last = pairs(chart.curves[1]!);
    expect(last[0]).toEqual([received.x, received.y]);
    expect(last.at(-1)![1]).toBeGreaterThan(received.y);
  });

  it('draws no curve after the injection', () => {
    const chart = journeyChart(
      [
        { at: t0, activity: 8, label: 'Received' },
        { at: t0 + HOUR, activity: 5, label: 'Administered', ends: true },
      ],
      F18,
      size,
    )!;
    expect(chart.curves).toHaveLength(1);
    expect(pairs(chart.curves[0]!).at(-1)![0]).toBeCloseTo(chart.points[1]!.x, 1);
  });

  it('draws flat lines for a drug that is not radioactive', () => {
    const chart = journeyChart(
      [
        { at: t0, activity: 4, label: 'Calibrated' },
        { at: t0 + 5 * HOUR, activity: 4, label: 'Administered' },
      ],
      null,
      size,
    )!;
    for (const d of chart.curves) {
      const ys = new Set(pairs(d).map((p) => p[1]));
      expect(ys.size).toBe(1);
    }
  });

  it('gives a single mark an hour of axis', () => {
    const chart = journeyChart([{ at: t0, activity: 370, label: 'Calibrated' }], F18, size)!;
    expect(chart.end - chart.start).toBeCloseTo(1.1 * HOUR, 3);
  });
});

describe('niceStep', () => {
  it('rounds to 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(10)).toBe(5);
    expect(niceStep(370)).toBe(100);
    expect(niceStep(0.8)).toBe(0.2);
    expect(niceStep(0)).toBe(1);
  });
});
