import { messages } from '@dosechain/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DateTime } from 'luxon';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pickerErrorText, toIsoValue } from './date-fields.tsx';
import { schemaIssues } from './form-issues.ts';
import { lookupItems, lookupTotal, truncationNote } from './lookup-search.tsx';
import { PositiveNumberField, positiveNumberError, unitLabel } from './positive-number-field.tsx';
import { zoneWithOffset } from './timezone.ts';

describe('form kit rules', () => {
  it('[FRM-006] pluralises the unit above 1', () => {
    const unit = { singular: 'mCi', plural: 'mCis' };
    expect(unitLabel(unit, 1)).toBe('mCi');
    expect(unitLabel(unit, 2)).toBe('mCis');
    expect(unitLabel(unit, null)).toBe('mCi');
  });

  it('[FRM-006] checks a positive number against min (1 by default) and max with the spec messages', () => {
    expect(positiveNumberError(0, 1)).toBe('Min value is 1');
    expect(positiveNumberError(100_000_001, 1, 100_000_000)).toBe('Max value is 100000000');
    expect(positiveNumberError(5, 1, 10)).toBeUndefined();
  });

  it('[FRM-007] emits ISO dates and times, and invalidValue for an invalid pick', () => {
    expect(toIsoValue('date', DateTime.fromISO('2026-03-02T15:30'))).toBe('2026-03-02');
    expect(toIsoValue('time', DateTime.fromISO('2026-03-02T15:30'))).toBe('15:30');
    expect(toIsoValue('date', DateTime.invalid('typed nonsense'))).toBe('invalidValue');
    expect(toIsoValue('date', null)).toBeNull();
  });

  it('reads lookups answered as {items} or as a bare array', () => {
    expect(lookupItems({ items: [{ id: 1 }], page: 1, total: 1 })).toEqual([{ id: 1 }]);
    expect(lookupItems([{ id: 2 }])).toEqual([{ id: 2 }]);
    expect(lookupItems(undefined)).toEqual([]);
  });

  it('says when a lookup shows only the first of its matches', () => {
    expect(lookupTotal({ items: [{ id: 1 }], page: 1, total: 250 })).toBe(250);
    expect(lookupTotal([{ id: 2 }])).toBe(1);
    expect(truncationNote(100, 250)).toBe('Showing the first 100 of 250 — type to narrow');
    expect(truncationNote(3, 3)).toBeUndefined();
  });

  it("shows a picker's invalidValue as a message, not as the code", () => {
    expect(pickerErrorText('date', messages.invalidValue)).toBe(messages.invalidDate);
    expect(pickerErrorText('time', messages.invalidValue)).toBe(messages.invalidTime);
    expect(pickerErrorText('date', 'Required')).toBe('Required');
    expect(messages.invalidDate).not.toContain('invalidValue');
  });

  it('lists nested form errors by dotted path, the first of each', () => {
    const schema = z.object({
      timezone: z
        .string()
        .min(1, 'Required')
        .regex(/^[A-Z]/, 'Not a zone'),
      address: z.object({ country: z.string().min(1, 'Required') }),
      roles: z.array(z.object({ companyId: z.number('Required').min(2, 'Too small') })),
    });
    const parsed = schema.safeParse({ timezone: '', address: { country: '' }, roles: [{}] });
    expect(parsed.success).toBe(false);
    expect(schemaIssues(parsed.error?.issues ?? [])).toEqual([
      { name: 'timezone', message: 'Required' },
      { name: 'address.country', message: 'Required' },
      { name: 'roles.0.companyId', message: 'Required' },
    ]);
  });

  it('shows a time zone with its UTC offset', () => {
    const winter = DateTime.fromISO('2026-01-15T12:00:00Z');
    expect(zoneWithOffset('America/New_York', winter)).toBe('America/New_York (UTC-05:00)');
    expect(zoneWithOffset('Asia/Kolkata', winter)).toBe('Asia/Kolkata (UTC+05:30)');
  });
});

function DosesHarness() {
  const { control } = useForm<{ doses: number | null }>({ mode: 'onChange', defaultValues: { doses: null } });
  return (
    <PositiveNumberField
      control={control}
      name="doses"
      label="Doses"
      max={100}
      unit={{ singular: 'mCi', plural: 'mCis' }}
    />
  );
}

describe('PositiveNumberField', () => {
  it('refuses a decimal as typed, never rewriting it into another number', () => {
    render(<DosesHarness />);
    const input = screen.getByLabelText('Doses') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1.5' } });
    expect(input.value).toBe('1.5');
    expect(screen.getByText(messages.wholeNumber)).toBeTruthy();
    fireEvent.change(input, { target: { value: '15' } });
    expect(input.value).toBe('15');
    expect(screen.queryByText(messages.wholeNumber)).toBeNull();
  });

  it('takes digits, pluralises the unit and shows the range messages', async () => {
    render(<DosesHarness />);
    const input = screen.getByLabelText('Doses') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1' } });
    expect(input.value).toBe('1');
    expect(screen.getByText('mCi')).toBeTruthy();
    fireEvent.change(input, { target: { value: '250' } });
    expect(screen.getByText('mCis')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Max value is 100')).toBeTruthy());
    fireEvent.change(input, { target: { value: '0' } });
    await waitFor(() => expect(screen.getByText('Min value is 1')).toBeTruthy());
  });
});
