import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import {
  formatHalfLife,
  radionuclideCreateBodySchema,
  radionuclideFieldsSchema,
  radionuclideUpdateBodySchema,
} from './radionuclides.ts';

const problems = (body: unknown) =>
  radionuclideCreateBodySchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('a radionuclide', () => {
  it('has a name, a half-life and its unit', () => {
    expect(radionuclideFieldsSchema.parse({ name: ' F-18 ', halfLife: 109.77, halfLifeUnit: 'min' })).toEqual(
      {
        name: 'F-18',
        halfLife: 109.77,
        halfLifeUnit: 'min',
      },
    );
    expect(problems({})).toEqual([
      ['name', messages.required],
      ['halfLife', messages.required],
      ['halfLifeUnit', messages.required],
    ]);
  });

  it('takes a positive half-life of at most 6 decimal places, up to a million', () => {
    const halfLife = (v: unknown) => problems({ name: 'X', halfLife: v, halfLifeUnit: 'h' });
    expect(halfLife(6.0058)).toEqual([]);
    expect(halfLife(0.000001)).toEqual([]);
    expect(halfLife(0)).toEqual([['halfLife', messages.greaterThanZero]]);
    expect(halfLife(-1)).toEqual([['halfLife', messages.greaterThanZero]]);
    expect(halfLife(1.0000001)).toEqual([['halfLife', messages.maxDecimals(6)]]);
    expect(halfLife(1_000_001)).toEqual([['halfLife', messages.maxValue(1_000_000)]]);
    expect(halfLife('12')).toEqual([['halfLife', messages.required]]);
  });

  it('takes only the units minutes, hours and days', () => {
    expect(problems({ name: 'X', halfLife: 1, halfLifeUnit: 's' })).toEqual([
      ['halfLifeUnit', messages.required],
    ]);
  });

  it('is updated in part, toggled with active, and refuses unknown fields', () => {
    expect(radionuclideUpdateBodySchema.parse({ active: false, reasonForChange: 'Gone' })).toEqual({
      active: false,
      reasonForChange: 'Gone',
    });
    expect(radionuclideUpdateBodySchema.safeParse({ halfLifeSeconds: 1 }).success).toBe(false);
  });

  it('reads its half-life with its unit, as given', () => {
    expect(formatHalfLife(109.77, 'min')).toBe('109.77 min');
    expect(formatHalfLife(6.6443, 'd')).toBe('6.6443 d');
  });
});
