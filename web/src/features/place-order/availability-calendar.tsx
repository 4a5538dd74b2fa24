import { Badge, Box } from '@mui/material';
import { DateCalendar, DayCalendarSkeleton, LocalizationProvider, PickerDay } from '@mui/x-date-pickers';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import type { PickerDayProps } from '@mui/x-date-pickers/PickerDay';
import { DateTime } from 'luxon';
import { useMemo } from 'react';
import type { CalendarDay } from './calendar-days.ts';

/** The subject's order window (ISO dates, inclusive), shaded on the calendar. */
export interface ShadedWindow {
  earliestDate: string;
  latestDate: string;
}

type DayProps = PickerDayProps & { openDays?: ReadonlyMap<string, CalendarDay>; window?: ShadedWindow };

/** A day of the month grid with a badge of the doses it still has. */
function AvailabilityDay({ openDays, window, day, outsideCurrentMonth, ...rest }: DayProps) {
  const date = (day as DateTime).toISODate() ?? '';
  const open = outsideCurrentMonth ? undefined : openDays?.get(date);
  const inWindow =
    !outsideCurrentMonth && window !== undefined && window.earliestDate <= date && date <= window.latestDate;
  const remaining = open?.remaining;
  return (
    <Badge
      overlap="circular"
      color="primary"
      badgeContent={remaining}
      max={99}
      invisible={remaining === undefined || rest.disabled}
      sx={{ '& .MuiBadge-badge': { fontSize: 10, height: 16, minWidth: 16, top: 4, right: 4, px: 0.5 } }}
    >
      <PickerDay
        {...rest}
        day={day}
        outsideCurrentMonth={outsideCurrentMonth}
        data-in-window={inWindow || undefined}
        sx={
          inWindow
            ? { bgcolor: 'success.light', '&.Mui-disabled:not(.Mui-selected)': { bgcolor: 'action.hover' } }
            : undefined
        }
        title={
          remaining === undefined ? undefined : `${remaining} ${remaining === 1 ? 'dose' : 'doses'} left`
        }
      />
    </Badge>
  );
}

/**
 * The month view of the days that can be ordered on: other days are disabled, each open day
 * carries its remaining doses, and moving to another month asks for its days.
 */
export function AvailabilityCalendar({
  openDays,
  loading,
  zone,
  value,
  onChange,
  onMonthChange,
  disabled,
  window,
}: {
  openDays: ReadonlyMap<string, CalendarDay>;
  /** The subject's order window, shaded. */
  window?: ShadedWindow;
  loading: boolean;
  /** The imaging center's zone: "today" and the past are its. */
  zone: string;
  value: string | null;
  onChange: (date: string) => void;
  onMonthChange: (monthStart: DateTime) => void;
  disabled?: boolean;
}) {
  // One DateTime per picked day: the calendar shows the value's month again whenever the value it
  // is given is another object, so a new one on every render (a month's days arriving) snapped
  // the month arrows back to the picked day.
  const picked = useMemo(() => (value ? DateTime.fromISO(value, { zone }) : null), [value, zone]);
  return (
    <LocalizationProvider dateAdapter={AdapterLuxon}>
      <Box role="group" aria-label="Availability calendar">
        <DateCalendar
          timezone={zone}
          value={picked}
          onChange={(d: DateTime | null) => d && onChange(d.toISODate() ?? '')}
          onMonthChange={onMonthChange}
          disablePast
          disabled={disabled}
          loading={loading}
          renderLoading={() => <DayCalendarSkeleton />}
          shouldDisableDate={(d: DateTime) => !openDays.has(d.toISODate() ?? '')}
          views={['day']}
          slots={{ day: AvailabilityDay }}
          slotProps={{ day: { openDays, window } as Partial<PickerDayProps> }}
        />
      </Box>
    </LocalizationProvider>
  );
}
