import { Grid, MenuItem, Typography } from '@mui/material';
import { type Control, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { zoneWithOffset } from '../../components/form/timezone.ts';
import { DayBar } from './day-bar.tsx';
import { hourText } from './day-bar-geometry.ts';

const startHours = Array.from({ length: 24 }, (_, h) => hourText(h));
const endHours = Array.from({ length: 24 }, (_, h) => hourText(h + 1));

/** A form with a manufacture window: whole hours as 'HH:mm' ('' for none chosen). */
type WindowForm = FieldValues & { startTime?: string | null; endTime?: string | null };

/**
 * A manufacture window, whole hours in the CMO's time zone, drawn on the day bar: an
 * availability's daily window (required, under its heading), or one day's other window in an
 * exception, where '' keeps the availability's own (`inherited`).
 */
export function ManufactureWindowFields<T extends WindowForm>({
  control,
  timezone,
  inherited,
}: {
  control: Control<T>;
  /** The CMO's zone; undefined until a CMO is chosen. */
  timezone: string | undefined;
  /** The availability's window, which an empty choice keeps (an exception's fields). */
  inherited?: { startTime: string; endTime: string };
}) {
  const startName = 'startTime' as Path<T>;
  const endName = 'endTime' as Path<T>;
  const start = (useWatch({ control, name: startName }) as string | null | undefined) || inherited?.startTime;
  const end = (useWatch({ control, name: endName }) as string | null | undefined) || inherited?.endTime;
  const zone = timezone ? zoneWithOffset(timezone) : undefined;
  const hourSelect = (name: Path<T>, label: string, hours: string[], own: string | undefined) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <FormTextField control={control} name={name} label={label} select required={!inherited}>
        {own !== undefined && <MenuItem value="">{`As the availability (${own})`}</MenuItem>}
        {hours.map((h) => (
          <MenuItem key={h} value={h}>
            {h}
          </MenuItem>
        ))}
      </FormTextField>
    </Grid>
  );
  return (
    <>
      {!inherited && (
        <Grid size={12}>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            Daily manufacture window
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {zone ? `In the CMO's time zone: ${zone}` : "In the CMO's time zone (choose a CMO)"}
          </Typography>
        </Grid>
      )}
      {hourSelect(startName, 'Start', startHours, inherited?.startTime)}
      {hourSelect(endName, 'End', endHours, inherited?.endTime)}
      <Grid size={12}>
        <DayBar start={start ?? ''} end={end ?? ''} zoneLabel={timezone} />
      </Grid>
    </>
  );
}
