import { describe, expect, it } from 'vitest';
import { lockEndLabel } from './lockout.ts';

describe('lockEndLabel', () => {
  it('writes the end in UTC as the contract formatter does, rounded up to the minute', () => {
    expect(lockEndLabel(new Date('2026-11-25T10:30:00.000Z'))).toBe('Nov 25, 2026, 10:30 UTC');
    expect(lockEndLabel(new Date('2026-11-25T10:29:00.001Z'))).toBe('Nov 25, 2026, 10:30 UTC');
    expect(lockEndLabel(new Date('2026-12-31T23:59:30.000Z'))).toBe('Jan 1, 2027, 00:00 UTC');
  });
});
