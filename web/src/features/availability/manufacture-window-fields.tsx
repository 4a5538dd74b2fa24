import { Grid, MenuItem, Typography } from '@mui/material';
import { type Control, useWatch } from 'react-hook-form';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { zoneWithOffset } from '../../components/form/timezone.ts';
import type { AvailabilityFormValues } from './availability-form-model.ts';
import { DayBar } from './day-bar.tsx';
import { hourText } from './day-bar-geometry.ts';

const startHours = Array.from({ length: 24 }, (_, h) => hourText(h));
const endHours = Array.from({ length: 24 }, (_, h) => hourText(h + 1));

/** The daily manufacture window, whole hours in the CMO's time zone, drawn on the day bar. */
export function ManufactureWindowFields({
  control,
  timezone,
}: {
  control: Control<AvailabilityFormValues>;
  /** The CMO's zone; undefined until a CMO is chosen. */
  timezone: string | undefined;
}) {
  const start = useWatch({ control, name: 'startTime' }) ?? '';
  const end = useWatch({ control, name: 'endTime' }) ?? '';
  const zone = timezone ? zoneWithOffset(timezone) : undefined;
  return (
    <>
      <Grid size={12}>
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          Daily manufacture window
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {zone ? `In the CMO's time zone: ${zone}` : "In the CMO's time zone (choose a CMO)"}
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="startTime" label="Start" select required>
          {startHours.map((h) => (
            <MenuItem key={h} value={h}>
              {h}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="endTime" label="End" select required>
          {endHours.map((h) => (
            <MenuItem key={h} value={h}>
              {h}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={12}>
        <DayBar start={start} end={end} zoneLabel={timezone} />
      </Grid>
    </>
  );
}
