import { describe, expect, it } from 'vitest';
import { describeChanges, fieldLabel, formatChangeValue, issuedByText, signatureText } from './changes.ts';

describe('fieldLabel', () => {
  it('turns stored field names into words', () => {
    expect(fieldLabel('name')).toBe('Name');
    expect(fieldLabel('otherName')).toBe('Other name');
    expect(fieldLabel('address.line_1')).toBe('Address line 1');
    expect(fieldLabel('address.zipCode')).toBe('Address zip code');
    expect(fieldLabel('imagingCenters')).toBe('Imaging centers');
  });

  it('writes API key as the acronym and keeps the name a field gives after its kind (issue 33)', () => {
    expect(fieldLabel('apiKeys')).toBe('API keys');
    expect(fieldLabel('apiKey dck_cf68ab12')).toBe('API key dck_cf68ab12');
    expect(fieldLabel('webhook #3')).toBe('Webhook #3');
  });

  it('writes an instant inside a line as the instant formatter does, with its zone (issue 33)', () => {
    expect(
      formatChangeValue(
        'apiKeys',
        'Lab (dck_cf68ab12) · Lakeside · Read orders · expires 2026-12-27T06:00:00.000Z',
      ),
    ).toBe('Lab (dck_cf68ab12) · Lakeside · Read orders · expires Dec 27, 2026, 06:00:00 UTC');
    expect(formatChangeValue('name', 'Room 2026-12')).toBe('Room 2026-12');
  });

  it('prefers a given label', () => {
    expect(fieldLabel('active', { active: 'Status' })).toBe('Status');
  });
});

describe('formatChangeValue', () => {
  it('writes empty, booleans, lists and objects in words', () => {
    expect(formatChangeValue('otherName', null)).toBe('(empty)');
    expect(formatChangeValue('otherName', '')).toBe('(empty)');
    expect(formatChangeValue('active', true)).toBe('Active');
    expect(formatChangeValue('active', false)).toBe('Inactive');
    expect(formatChangeValue('lockedOut', true)).toBe('Yes');
    expect(formatChangeValue('distributionList', ['A <a@x.org>', 'B <b@x.org>'])).toBe(
      'A <a@x.org>; B <b@x.org>',
    );
    expect(formatChangeValue('distributionList', [])).toBe('(empty)');
    expect(formatChangeValue('repeat', { every: 2, on: ['Mo', 'We'] })).toBe('Every: 2, On: Mo; We');
    expect(formatChangeValue('doses', 12)).toBe('12');
  });

  it('writes an ISO datetime in UTC to the second with the zone named, and other text as it is', () => {
    expect(formatChangeValue('calibrationDatetime', '2026-03-05T14:07:09.000Z')).toBe(
      'Mar 5, 2026, 14:07:09 UTC',
    );
    expect(formatChangeValue('projectedDelivery', '2026-03-05T09:07:09-05:00')).toBe(
      'Mar 5, 2026, 14:07:09 UTC',
    );
    expect(formatChangeValue('name', 'Fluorodopa F 18')).toBe('Fluorodopa F 18');
  });

  it('writes a calendar date as a date and an order status by its label', () => {
    expect(formatChangeValue('validFrom', '2026-03-05')).not.toBe('2026-03-05');
    expect(formatChangeValue('validFrom', '2026-03-05')).toContain('2026');
    expect(formatChangeValue('startTime', '07:00')).toBe('07:00');
    expect(formatChangeValue('status', 'pending')).toBe('Pending');
    expect(formatChangeValue('status', 'other')).toBe('other');
  });
});

describe('describeChanges', () => {
  it('shows an update as old → new, a line per field', () => {
    expect(
      describeChanges({
        eventType: 'update',
        changeset: { name: ['Old', 'New'], otherName: [null, 'Alias'], active: [true, false] },
      }),
    ).toBe('Name: Old → New\nOther name: (empty) → Alias\nActive: Active → Inactive');
  });

  it('shows the new value of a new or added entry and the old value of a removed one', () => {
    expect(
      describeChanges({ eventType: 'new', changeset: { name: [null, 'Drug X'], drug: [null, 'F18'] } }),
    ).toBe('Name: Drug X\nDrug: F18');
    expect(describeChanges({ eventType: 'added', changeset: { clinicalSites: [null, 'Lakeside'] } })).toBe(
      'Clinical sites: Lakeside',
    );
    expect(
      describeChanges({ eventType: 'removed', changeset: { pairings: ['Exam · Site · CMO', null] } }),
    ).toBe('Pairings: Exam · Site · CMO');
  });

  it('uses the entity’s labels', () => {
    expect(
      describeChanges({ eventType: 'update', changeset: { active: [false, true] } }, { active: 'Status' }),
    ).toBe('Status: Inactive → Active');
  });
});

describe('issuedByText', () => {
  it('is the full name with the username', () => {
    expect(issuedByText({ fullName: 'Sam Staff', username: 'staff' })).toBe('Sam Staff (staff)');
    expect(issuedByText({ fullName: '', username: 'system' })).toBe('system');
  });
});

describe('signatureText', () => {
  const entry = {
    issuedBy: { fullName: 'Sam Staff', username: 'staff' },
    issuedAt: '2026-11-25T10:30:00.000Z',
    signed: true,
    signatureMeaning: 'Created Drug',
  };

  it('names the signer, the meaning and the time with its zone', () => {
    expect(signatureText(entry)).toBe(
      'Signed by Sam Staff (staff) — Created Drug — Nov 25, 2026, 10:30:00 UTC',
    );
  });

  it('is empty for an entry that was not signed', () => {
    expect(signatureText({ ...entry, signed: false, signatureMeaning: null })).toBe('');
  });
});
