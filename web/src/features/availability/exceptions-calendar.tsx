import type { Availability, AvailabilityException } from '@dosechain/contract';
import { availabilityRecurrence, occurrenceDates } from '@dosechain/contract/occurrences';
import { Badge, Box, Stack, Typography } from '@mui/material';
import { DateCalendar, LocalizationProvider, PickerDay } from '@mui/x-date-pickers';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import type { PickerDayProps } from '@mui/x-date-pickers/PickerDay';
import { DateTime } from 'luxon';
import { useMemo, useState } from 'react';
import { exceptionChange } from './exceptions-api.ts';

type DayProps = PickerDayProps & { byDate?: ReadonlyMap<string, AvailabilityException> };

/** A day of the month grid marked with its exception: red for no manufacture, amber for a changed day. */
function ExceptionDay({ byDate, day, outsideCurrentMonth, ...rest }: DayProps) {
  const exception = outsideCurrentMonth ? undefined : byDate?.get((day as DateTime).toISODate() ?? '');
  return (
    <Badge
      overlap="circular"
      variant="dot"
      color={exception?.kind === 'closed' ? 'error' : 'warning'}
      invisible={!exception}
      sx={{ '& .MuiBadge-dot': { top: 6, right: 6, height: 8, minWidth: 8 } }}
    >
      <PickerDay
        {...rest}
        day={day}
        outsideCurrentMonth={outsideCurrentMonth}
        title={exception ? `${exceptionChange(exception)}: ${exception.reason}` : undefined}
        aria-label={
          exception
            ? `${(day as DateTime).toFormat('MMMM d')}, ${exceptionChange(exception)}: ${exception.reason}`
            : undefined
        }
        sx={exception?.kind === 'closed' ? { textDecoration: 'line-through' } : undefined}
      />
    </Badge>
  );
}

/**
 * A small month calendar of the availability's validity with its exception days marked; picking
 * a manufacture day opens its exception, or a new one on that day. Days without manufacture (a
 * Weekday rule's weekends, the days a Weekly or Monthly rule skips) are greyed out: the days come
 * from the availability's recurrence, expanded by the same rule as the server's.
 */
export function ExceptionsCalendar({
  availability,
  exceptions,
  onPick,
}: {
  availability: Availability;
  exceptions: readonly AvailabilityException[];
  onPick: (date: string) => void;
}) {
  const byDate = useMemo(() => new Map(exceptions.map((e) => [e.date, e])), [exceptions]);
  const zone = availability.cmo.timezone;
  const min = useMemo(
    () => DateTime.fromISO(availability.validFrom, { zone }),
    [availability.validFrom, zone],
  );
  const max = useMemo(
    () => DateTime.fromISO(availability.validUntil, { zone }),
    [availability.validUntil, zone],
  );
  const first = useMemo(() => {
    const today = DateTime.now().setZone(zone).startOf('day');
    // Luxon's own min/max: the DateTimes, not their epoch numbers.
    return DateTime.max(min, DateTime.min(today, max));
  }, [zone, min, max]);
  const [month, setMonth] = useState<DateTime>(() => first.startOf('month'));
  const recurrence = useMemo(() => availabilityRecurrence(availability), [availability]);
  // The shown month's manufacture days (a week either side: the grid's outside days).
  const manufactureDays = useMemo(
    () =>
      new Set(
        occurrenceDates(
          recurrence,
          month.minus({ days: 7 }).toISODate() ?? '',
          month.plus({ months: 1, days: 7 }).toISODate() ?? '',
        ),
      ),
    [recurrence, month],
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <LocalizationProvider dateAdapter={AdapterLuxon}>
        <Box role="group" aria-label="Exceptions calendar" sx={{ flex: 'none' }}>
          <DateCalendar
            timezone={zone}
            value={null}
            referenceDate={first}
            minDate={min}
            maxDate={max}
            onChange={(d: DateTime | null) => d && onPick(d.toISODate() ?? '')}
            onMonthChange={(d: DateTime) => setMonth(d.startOf('month'))}
            shouldDisableDate={(d: DateTime) => !manufactureDays.has(d.toISODate() ?? '')}
            views={['day']}
            slots={{ day: ExceptionDay }}
            slotProps={{ day: { byDate } as Partial<PickerDayProps> }}
            sx={{ m: 0 }}
          />
        </Box>
      </LocalizationProvider>
      <Stack spacing={1}>
        <Typography variant="body2">
          <Box component="span" sx={{ color: 'error.main', fontWeight: 'bold' }}>
            ●
          </Box>{' '}
          No manufacture (crossed out)
        </Typography>
        <Typography variant="body2">
          <Box component="span" sx={{ color: 'warning.main', fontWeight: 'bold' }}>
            ●
          </Box>{' '}
          Changed doses or window
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Pick a day to see its exception, or to add one. Only manufacture days within the validity can be
          picked; the others are greyed out.
        </Typography>
      </Stack>
    </Stack>
  );
}
