import { describe, expect, it } from 'vitest';
import { diffChangeset } from './record.ts';

describe('the audit changeset', () => {
  it('lists every field of a new record as [null, value]', () => {
    expect(diffChangeset(null, { name: 'Acme', state: null })).toEqual({ name: [null, 'Acme'] });
  });

  it('lists only changed fields, old → new, with dates as ISO instants', () => {
    const before = { name: 'Acme', city: 'Boston', at: new Date('2026-01-01T00:00:00Z') };
    const after = { name: 'Acme Labs', city: 'Boston', at: new Date('2026-02-01T00:00:00Z') };
    expect(diffChangeset(before, after)).toEqual({
      name: ['Acme', 'Acme Labs'],
      at: ['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'],
    });
  });

  it('is empty when nothing changed', () => {
    expect(diffChangeset({ a: 1, b: [1, 2] }, { a: 1, b: [1, 2] })).toEqual({});
  });
});
