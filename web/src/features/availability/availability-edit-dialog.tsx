import { type Availability, formatDoses, isoDateField, messages } from '@dosechain/contract';
import { Grid, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { useMemo } from 'react';
import { z } from 'zod';
import { DateOrTimeField } from '../../components/form/date-fields.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { useSignedForm } from '../../components/form/signed-form.ts';
import { useRecordSubmit } from '../../components/form/use-record-submit.ts';
import { AVAILABILITIES } from './availability-form-model.ts';
import { DayBar } from './day-bar.tsx';
import { frequencySummary } from './frequency-summary.ts';

const fields = ['validUntil', 'reasonForChange', 'electronicSignature'];

/** The availability as it stands, above the one field that may change. */
function Summary({ availability: a }: { availability: Availability }) {
  const rows: [string, string][] = [
    ['Drug', a.drug.name],
    ['CMO', a.cmo.name],
    ['Doses', formatDoses(a.doses, a.activityUnit)],
    ['Valid from', a.validFrom],
    ['Frequency', frequencySummary(a.frequency, a.repeat)],
  ];
  return (
    <Grid size={12}>
      {rows.map(([label, value]) => (
        <Typography key={label} variant="body2">
          <strong>{label}:</strong> {value}
        </Typography>
      ))}
      <DayBar start={a.startTime} end={a.endTime} zoneLabel={a.cmo.timezone} />
    </Grid>
  );
}

/** Edits an availability: only its end date may change, and it is required. */
export function AvailabilityEditDialog({
  availability,
  onClose,
}: {
  availability: Availability;
  onClose: () => void;
}) {
  const schema = useMemo(
    () =>
      z.object({
        validUntil: isoDateField.refine((v) => v >= availability.validFrom, messages.notBeforeValidFrom),
      }),
    [availability.validFrom],
  );
  const {
    control,
    schema: formSchema,
    handleSubmit,
    formState,
    setError,
  } = useSignedForm(schema, {
    validUntil: availability.validUntil,
  });
  const onSubmit = useRecordSubmit({
    resource: AVAILABILITIES,
    id: availability.id,
    entity: 'Availability',
    setError,
    fields,
    onSaved: onClose,
    success: messages.availabilityUpdated,
    failure: messages.errorUpdatingAvailability,
  });
  return (
    <FormDialog
      title={`Edit Availability #${availability.id}`}
      onClose={onClose}
      control={control}
      schema={formSchema}
      onSubmit={handleSubmit(onSubmit)}
      isValid={formState.isValid}
      isSubmitting={formState.isSubmitting}
    >
      <Summary availability={availability} />
      <Grid size={12}>
        <DateOrTimeField
          control={control}
          name="validUntil"
          label="Valid until"
          mode="date"
          minDate={DateTime.fromISO(availability.validFrom)}
          required
        />
      </Grid>
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}
