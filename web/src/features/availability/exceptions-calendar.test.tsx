import type { Availability, AvailabilityException } from '@dosechain/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ExceptionsCalendar } from './exceptions-calendar.tsx';

// March 2030 begins on a Friday; the validity lies ahead, so the calendar opens on its month.
const availability = (over: Partial<Availability> = {}): Availability => ({
  id: 4,
  drug: { id: 1, name: 'Fludeoxyglucose F18', active: true },
  cmo: { id: 2, name: 'Isotope Labs Boston', timezone: 'America/New_York' },
  doses: 5,
  activityUnit: 'mCi',
  validFrom: '2030-03-01',
  validUntil: '2030-06-30',
  frequency: 'Weekday',
  repeat: { every: 1, on: null },
  startTime: '06:00',
  endTime: '14:00',
  active: true,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...over,
});

const closedDay: AvailabilityException = {
  id: 9,
  availabilityId: 4,
  date: '2030-03-05',
  kind: 'closed',
  doses: null,
  startTime: null,
  endTime: null,
  reason: 'Cyclotron maintenance',
  booked: 0,
  affectedOrders: [],
  createdAt: '2030-01-02T00:00:00.000Z',
  updatedAt: '2030-01-02T00:00:00.000Z',
};

function renderCalendar(a: Availability, exceptions: AvailabilityException[] = []) {
  const onPick = vi.fn();
  render(<ExceptionsCalendar availability={a} exceptions={exceptions} onPick={onPick} />);
  const group = screen.getByRole('group', { name: 'Exceptions calendar' });
  const grid = within(group);
  // The month's day buttons, read from the DOM: role queries over a month are slow in jsdom.
  const days = () => [...group.querySelectorAll<HTMLButtonElement>('button[role="gridcell"]')];
  const day = (n: number) => days().find((cell) => cell.textContent === String(n))!;
  const enabledDays = () =>
    days()
      .filter((cell) => !cell.disabled)
      .map((cell) => Number(cell.textContent));
  return { onPick, grid, day, enabledDays };
}

describe('the exceptions calendar', () => {
  it('greys out the days a Weekday rule does not manufacture, and picks a manufacture day by its date', () => {
    const { onPick, grid, day, enabledDays } = renderCalendar(availability(), [closedDay]);
    expect(grid.getByText('March 2030')).toBeTruthy();
    // Weekends (Saturday the 2nd, Sunday the 3rd, …): no manufacture.
    expect(enabledDays()).toEqual([
      1, 4, 5, 6, 7, 8, 11, 12, 13, 14, 15, 18, 19, 20, 21, 22, 25, 26, 27, 28, 29,
    ]);
    fireEvent.click(day(2));
    expect(onPick).not.toHaveBeenCalled();
    expect(day(4).disabled).toBe(false);
    fireEvent.click(day(4));
    expect(onPick).toHaveBeenCalledWith('2030-03-04');
    // An exception's day stays a manufacture day, to be opened.
    expect(day(5).getAttribute('aria-label')).toBe('March 5, No manufacture: Cyclotron maintenance');
    expect(day(5).disabled).toBe(false);
  });

  it('follows the rule of the month shown: a Weekly rule on Monday and Thursday, every 2 weeks', async () => {
    const { grid, enabledDays } = renderCalendar(
      availability({ frequency: 'Weekly', repeat: { every: 2, on: ['Mo', 'Th'] } }),
    );
    // Weeks counted from validFrom's (Mon Feb 25, whose days lie before it): those of Mar 11 and 25.
    expect(enabledDays()).toEqual([11, 14, 25, 28]);
    fireEvent.click(grid.getByRole('button', { name: 'Next month' }));
    // Once March has slid out, April's days: the weeks of Apr 8 and 22.
    await vi.waitFor(() => expect(enabledDays()).toEqual([8, 11, 22, 25]), { timeout: 5000 });
    expect(grid.getByText('April 2030')).toBeTruthy();
  });
});
