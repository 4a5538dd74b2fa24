import { describe, expect, it } from 'vitest';
import { administeredActivity, checkReceipt } from './dose-journey-activity.ts';

// The seed's half-lives (server/src/seed/reference-data.ts), in seconds.
const F18 = 109.77 * 60;
const GA68 = 67.71 * 60;
const LU177 = 6.6443 * 86400;

describe('administeredActivity', () => {
  // Expected values computed by hand (Python, double precision) from
  // A_m · 2^(−(t_inj − t_m)/T½) − A_r · 2^((t_r − t_inj)/T½).
  it('F-18: 10 mCi at 09:00, injected 09:30, 0.5 mCi left at 09:35', () => {
    const got = administeredActivity(
      '2026-12-01T09:30:00Z',
      { activity: 10, at: '2026-12-01T09:00:00Z' },
      { activity: 0.5, at: '2026-12-01T09:35:00Z' },
      { unit: 'mCi', halfLifeSeconds: F18 },
    );
    expect(got).toBeCloseTo(7.758216562138095, 9);
  });

  it('Ga-68: 185 MBq, injected 15 min later, 7.4 MBq left 10 min after', () => {
    const got = administeredActivity(
      '2026-12-01T10:15:00+01:00',
      { activity: 185, at: '2026-12-01T10:00:00+01:00' },
      { activity: 7.4, at: '2026-12-01T10:25:00+01:00' },
      { unit: 'mBq', halfLifeSeconds: GA68 },
    );
    expect(got).toBeCloseTo(150.46824749585377, 9);
  });

  it('Lu-177: 7,400 MBq, injected 2 h later, 150 MBq left half an hour after', () => {
    const got = administeredActivity(
      '2026-12-01T11:00:00Z',
      { activity: 7400, at: '2026-12-01T09:00:00Z' },
      { activity: 150, at: '2026-12-01T11:30:00Z' },
      { unit: 'mBq', halfLifeSeconds: LU177 },
    );
    expect(got).toBeCloseTo(7185.620517620352, 6);
  });

  it('reads wall-clock times on the zone given, across a daylight-saving change', () => {
    // Chicago, 2026-11-01: 01:30 CDT, then 01:30 CST an hour later. Measured 01:30 CDT (06:30Z),
    // injected 01:45 CST (07:45Z): 75 minutes of decay, not 15.
    const viaZone = administeredActivity(
      '2026-11-01T07:45:00Z',
      { activity: 10, at: '2026-11-01T01:30:00-05:00' },
      null,
      { unit: 'mCi', halfLifeSeconds: F18 },
    );
    expect(viaZone).toBeCloseTo(10 * 2 ** (-(75 * 60) / F18), 12);
  });

  it('without a residual, is the assay decayed to the injection; without a half-life, the assay less the residual', () => {
    const decayed = administeredActivity(
      '2026-12-01T11:49:46.2Z',
      { activity: 8, at: '2026-12-01T10:00:00Z' },
      null,
      {
        unit: 'mCi',
        halfLifeSeconds: F18,
      },
    );
    expect(decayed).toBeCloseTo(4, 6); // one half-life later
    const stable = administeredActivity(
      '2026-12-01T11:00:00Z',
      { activity: 8, at: '2026-12-01T10:00:00Z' },
      { activity: 0.25, at: '2026-12-01T11:05:00Z' },
      { unit: 'mCi', halfLifeSeconds: null },
    );
    expect(stable).toBe(7.75);
  });

  it('is NaN when a time cannot be read, never a plausible number', () => {
    const got = administeredActivity('not a time', { activity: 10, at: '2026-12-01T09:00:00Z' }, null, {
      unit: 'mCi',
      halfLifeSeconds: F18,
    });
    expect(got).toBeNaN();
  });
});

describe('checkReceipt', () => {
  it('is within the default 10 % up to and including 10 %, outside beyond it, either way', () => {
    expect(checkReceipt(110, 100)).toEqual({ deviationPercent: 10, outsideTolerance: false });
    expect(checkReceipt(89.9, 100)?.outsideTolerance).toBe(true);
    expect(checkReceipt(110.1, 100)?.outsideTolerance).toBe(true);
    expect(checkReceipt(95, 100)?.deviationPercent).toBeCloseTo(-5, 12);
  });

  it("takes the drug's own tolerance", () => {
    expect(checkReceipt(94, 100, 5)?.outsideTolerance).toBe(true);
    expect(checkReceipt(94, 100, 8)?.outsideTolerance).toBe(false);
  });

  it('has nothing to compare without a positive expected activity', () => {
    expect(checkReceipt(5, 0)).toBeNull();
    expect(checkReceipt(5, Number.NaN)).toBeNull();
    expect(checkReceipt(Number.NaN, 5)).toBeNull();
  });
});
