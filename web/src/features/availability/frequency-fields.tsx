import { availabilityFrequencies, limits, ordinalLabels } from '@dosechain/contract';
import { FormControlLabel, Grid, MenuItem, Radio, RadioGroup } from '@mui/material';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { PositiveNumberField } from '../../components/form/positive-number-field.tsx';
import type { AvailabilityFormValues } from './availability-form-model.ts';
import { WeekdayToggles } from './weekday-toggles.tsx';

const periods = {
  Daily: { singular: 'day', plural: 'days' },
  Weekday: { singular: 'week', plural: 'weeks' },
  Weekly: { singular: 'week', plural: 'weeks' },
  Monthly: { singular: 'month', plural: 'months' },
} as const;

/**
 * Frequency (Daily, Weekday = Monday–Friday, Weekly on chosen weekdays, Monthly on day numbers
 * or on the nth weekday) and how many periods each repetition skips.
 */
export function FrequencyFields({ control }: { control: Control<AvailabilityFormValues> }) {
  const frequency = useWatch({ control, name: 'frequency' }) ?? 'Daily';
  const monthlyMode = useWatch({ control, name: 'monthlyMode' });
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="frequency" label="Frequency" select required>
          {availabilityFrequencies.map((f) => (
            <MenuItem key={f} value={f}>
              {f}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <PositiveNumberField
          control={control}
          name="every"
          label="Repeat every"
          max={limits.repeatEveryMax}
          unit={periods[frequency]}
          required
        />
      </Grid>
      {frequency === 'Weekly' && (
        <Grid size={12}>
          <WeekdayToggles control={control} name="weeklyOn" label="On" />
        </Grid>
      )}
      {frequency === 'Monthly' && (
        <>
          <Grid size={12}>
            <Controller
              control={control}
              name="monthlyMode"
              render={({ field }) => (
                <RadioGroup row {...field} aria-label="Monthly on">
                  <FormControlLabel value="days" control={<Radio />} label="On days" />
                  <FormControlLabel value="ordinal" control={<Radio />} label="On the" />
                </RadioGroup>
              )}
            />
          </Grid>
          {monthlyMode === 'days' ? (
            <Grid size={12}>
              <FormTextField
                control={control}
                name="monthlyDays"
                label="Days of the month"
                placeholder="1, 15, 31"
                helperText="A comma separated list, e.g. 1, 15, 31 (months without a day skip it)"
                required
              />
            </Grid>
          ) : (
            <>
              <Grid size={{ xs: 12, sm: 3 }}>
                <FormTextField control={control} name="ordinal" label="Ordinal" select required>
                  {ordinalLabels.map((label, i) => (
                    <MenuItem key={label} value={i + 1}>
                      {label}
                    </MenuItem>
                  ))}
                </FormTextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 9 }}>
                <WeekdayToggles control={control} name="ordinalOn" label="Weekdays" />
              </Grid>
            </>
          )}
        </>
      )}
    </>
  );
}
