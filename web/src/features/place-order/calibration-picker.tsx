import type { AvailableDay } from '@dosechain/contract';
import { Alert, MenuItem, Stack, TextField } from '@mui/material';
import { DateTime } from 'luxon';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { zoneWithOffset } from '../../components/form/timezone.ts';
import { AvailabilityCalendar, type ShadedWindow } from './availability-calendar.tsx';
import { type CalendarDay, calendarDays, hasOpenDayIn } from './calendar-days.ts';

/**
 * The imaging center's zone, the month of manufacture days with doses left, the hours of the
 * chosen day on the center's clock, and the resulting calibration date-time (read-only).
 */
export function CalibrationPicker<T extends FieldValues>({
  control,
  name,
  zone,
  days,
  loading,
  failed,
  ready,
  day,
  onDayChange,
  onMonthChange,
  month,
  now,
  window,
  windowText,
}: {
  control: Control<T>;
  /** The form field holding the calibration instant (UTC ISO). */
  name: Path<T>;
  zone: string | undefined;
  days: readonly AvailableDay[];
  loading: boolean;
  failed: boolean;
  /** Study, site, exam and imaging center are chosen. */
  ready: boolean;
  day: string | null;
  onDayChange: (day: string) => void;
  onMonthChange: (month: DateTime) => void;
  /** The month the calendar shows (its first day). */
  month: DateTime;
  now: DateTime;
  /** The subject's order window for the timepoint, shaded on the calendar and said above it. */
  window?: ShadedWindow;
  windowText?: string | null;
}) {
  const calendarZone = zone ?? 'local';
  const openDays = calendarDays(days, calendarZone, now);
  const chosen = day ? openDays.get(day) : undefined;
  const hours = chosen?.hours ?? [];
  return (
    <Stack spacing={1}>
      <TextField
        label="Imaging center time zone"
        value={zone ? zoneWithOffset(zone) : ''}
        placeholder="Choose an imaging center"
        slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
        margin="dense"
        fullWidth
      />
      {!ready && (
        <Alert severity="info">
          Choose the study, site, exam and imaging center to see the available days.
        </Alert>
      )}
      {ready && failed && <Alert severity="warning">The available days could not be loaded.</Alert>}
      {ready && !loading && !failed && !hasOpenDayIn(openDays, month) && (
        <Alert severity="info">No day with doses left this month; try the next month.</Alert>
      )}
      {windowText && (
        <Alert severity="info" icon={false} aria-label="Order window">
          {windowText}
        </Alert>
      )}
      <AvailabilityCalendar
        window={window}
        openDays={openDays}
        loading={ready && loading}
        zone={calendarZone}
        value={day}
        onChange={onDayChange}
        onMonthChange={onMonthChange}
        disabled={!ready}
      />
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <>
            <TextField
              select
              label="Calibration time"
              required
              disabled={!chosen}
              value={hours.some((h) => h.value === field.value) ? field.value : ''}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={
                fieldState.error?.message ?? (chosen ? hoursHelp(chosen) : 'Pick a day in the calendar first')
              }
              margin="dense"
              fullWidth
            >
              {hours.map((h) => (
                <MenuItem key={h.value} value={h.value}>
                  {h.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Calibration date-time"
              value={
                field.value && zone
                  ? DateTime.fromISO(field.value, { zone }).toFormat("yyyy-MM-dd HH:mm ('UTC'ZZ)")
                  : ''
              }
              slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
              margin="dense"
              fullWidth
            />
          </>
        )}
      />
    </Stack>
  );
}

/** What the hour list holds; an hour of the neighbouring date (one run across midnight) says so. */
function hoursHelp(day: CalendarDay): string {
  const text = `Hours with doses left on ${day.date}, imaging center time`;
  return day.hours.some((h) => h.label.includes(','))
    ? `${text}; this run also covers the hours shown with their date`
    : text;
}
