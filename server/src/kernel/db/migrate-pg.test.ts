import { describe, expect, it } from 'vitest';
import { serverVersionProblem } from './migrate-pg.ts';

describe('the PostgreSQL version check', () => {
  it('refuses a server older than 15, saying which version it found', () => {
    expect(serverVersionProblem(140_011, '14.11')).toMatch(/PostgreSQL 15 or later is required.*is 14\.11/);
    expect(serverVersionProblem(90_624, '9.6.24')).toMatch(/9\.6\.24/);
  });

  it('accepts 15 and later', () => {
    expect(serverVersionProblem(150_000, '15.0')).toBeUndefined();
    expect(serverVersionProblem(170_002, '17.2 (Debian 17.2-1)')).toBeUndefined();
  });
});
