import { describe, expect, it } from 'vitest';
import { exceptionChange, exceptionsResource } from './exceptions-api.ts';

describe('manufacturing exceptions on the Availability screen', () => {
  it('says what a day changes', () => {
    expect(exceptionChange({ kind: 'closed', doses: null, startTime: null, endTime: null })).toBe(
      'No manufacture',
    );
    expect(exceptionChange({ kind: 'changed', doses: 1, startTime: null, endTime: null })).toBe('1 dose');
    expect(exceptionChange({ kind: 'changed', doses: 2, startTime: '08:00', endTime: '09:00' })).toBe(
      '2 doses, 08:00–09:00',
    );
    expect(exceptionChange({ kind: 'changed', doses: null, startTime: '10:00', endTime: '24:00' })).toBe(
      '10:00–24:00',
    );
  });

  it('names the availability’s exceptions resource', () => {
    expect(exceptionsResource(7)).toBe('/drug-availabilities/7/exceptions');
  });
});
