import { describe, expect, it } from 'vitest';
import { frequencySummary } from './frequency-summary.ts';

describe('frequencySummary', () => {
  it('names the frequency alone when it repeats every period', () => {
    expect(frequencySummary('Daily', { every: 1, on: null })).toBe('Daily');
    expect(frequencySummary('Weekday', { every: 1, on: null })).toBe('Weekday');
  });

  it('says how many periods a repetition skips', () => {
    expect(frequencySummary('Daily', { every: 3, on: null })).toBe('Daily every 3 days');
    expect(frequencySummary('Weekday', { every: 2, on: null })).toBe('Weekday every 2 weeks');
  });

  it('lists the weekdays of a weekly rule', () => {
    expect(frequencySummary('Weekly', { every: 2, on: ['Mo', 'We'] })).toBe('Weekly every 2 weeks on Mo, We');
    expect(frequencySummary('Weekly', { every: 1, on: ['Fr'] })).toBe('Weekly on Fr');
  });

  it('writes out the weekday of a monthly nth-weekday rule', () => {
    expect(frequencySummary('Monthly', { every: 1, on: { every: 2, on: ['We'] } })).toBe(
      'Monthly on the 2nd Wednesday',
    );
  });

  it('lists the month days, or the nth weekday, of a monthly rule', () => {
    expect(frequencySummary('Monthly', { every: 1, on: [1, 15, 31] })).toBe('Monthly on 1, 15, 31');
    expect(frequencySummary('Monthly', { every: 3, on: { every: 2, on: ['Tu', 'Th'] } })).toBe(
      'Monthly every 3 months on the 2nd Tuesday, Thursday',
    );
    expect(frequencySummary('Monthly', { every: 1, on: { every: 5, on: ['Fr'] } })).toBe(
      'Monthly on the 5th Friday',
    );
  });
});
