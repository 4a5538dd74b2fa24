import {
  type Availability,
  type AvailabilityException,
  checkExceptionFields,
  exceptionDosesField,
  exceptionKindLabels,
  exceptionKinds,
  exceptionReasonField,
  isoDateField,
  messages,
} from '@dosechain/contract';
import { availabilityRecurrence, occursOn } from '@dosechain/contract/occurrences';
import { Grid, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useApi } from '../../api/api-context.tsx';
import { queryKeys } from '../../api/query-keys.ts';
import { DateOrTimeField } from '../../components/form/date-fields.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormSelect } from '../../components/form/form-select.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { PositiveNumberField } from '../../components/form/positive-number-field.tsx';
import { submitWithFeedback } from '../../components/form/save-record.ts';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { useSignedForm } from '../../components/form/signed-form.ts';
import { zoneWithOffset } from '../../components/form/timezone.ts';
import { AVAILABILITIES } from './availability-form-model.ts';
import { exceptionsKey, exceptionsResource } from './exceptions-api.ts';
import { ManufactureWindowFields } from './manufacture-window-fields.tsx';

const fields = [
  'date',
  'kind',
  'doses',
  'startTime',
  'endTime',
  'reason',
  'reasonForChange',
  'electronicSignature',
];
const kindOptions = exceptionKinds.map((k) => ({ value: k, label: exceptionKindLabels[k] }));

/** '' in a window select: the availability's own window. */
const orNull = (v: string | null | undefined) => (v ? v : null);

/**
 * Adds an exception to a manufacture day of the availability, or edits one (its date stays):
 * no manufacture, or other doses and/or another window, with the reason; signed.
 */
export function ExceptionFormDialog({
  availability,
  exception,
  date,
  onClose,
}: {
  availability: Availability;
  exception?: AvailabilityException;
  /** A new exception's day, picked in the calendar. */
  date?: string;
  onClose: () => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const recurrence = useMemo(() => availabilityRecurrence(availability), [availability]);
  const schema = useMemo(
    () =>
      z
        .object({
          date: exception ? z.string() : isoDateField,
          kind: z.enum(exceptionKinds, { error: messages.required }),
          doses: exceptionDosesField.nullable(),
          startTime: z.string(),
          endTime: z.string(),
          reason: exceptionReasonField,
        })
        .superRefine((v, ctx) => {
          checkExceptionFields(
            { kind: v.kind, doses: v.doses, startTime: orNull(v.startTime), endTime: orNull(v.endTime) },
            ctx,
          );
          // A new exception's day must be a manufacture day (the server checks it again).
          if (!exception && /^\d{4}-\d{2}-\d{2}$/.test(v.date) && !occursOn(recurrence, v.date)) {
            ctx.addIssue({
              code: 'custom',
              path: ['date'],
              message: messages.exceptionNotManufactureDay(v.date),
            });
          }
        }),
    [exception, recurrence],
  );
  const {
    control,
    schema: formSchema,
    handleSubmit,
    formState,
    setError,
  } = useSignedForm(schema, {
    date: exception?.date ?? date ?? '',
    kind: exception?.kind ?? ('' as 'closed'),
    doses: exception?.doses ?? null,
    startTime: exception?.startTime ?? '',
    endTime: exception?.endTime ?? '',
    reason: exception?.reason ?? '',
  });
  const kind = useWatch({ control, name: 'kind' });
  const resource = exceptionsResource(availability.id);
  const onSubmit = handleSubmit(async (values) => {
    const closed = values.kind === 'closed';
    const change = {
      kind: values.kind,
      ...(closed
        ? {}
        : { doses: values.doses, startTime: orNull(values.startTime), endTime: orNull(values.endTime) }),
      reason: values.reason,
      reasonForChange: values.reasonForChange,
      electronicSignature: values.electronicSignature,
    };
    const saved = await submitWithFeedback(
      async () => {
        // A date is the exception's for good: a new one names it, a change does not.
        if (exception) await api('PUT', `${resource}/${exception.id}`, { body: change });
        else await api('POST', resource, { body: { ...change, date: values.date ?? '' } });
        await queryClient.invalidateQueries({ queryKey: exceptionsKey(availability.id) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.lists(AVAILABILITIES) });
      },
      {
        setError,
        fields,
        success: exception ? messages.exceptionUpdated : messages.exceptionCreated,
        failure: messages.errorSavingException,
      },
    );
    if (saved) onClose();
  });
  return (
    <FormDialog
      title={exception ? `Edit exception on ${exception.date}` : 'Add exception'}
      onClose={onClose}
      control={control}
      schema={formSchema}
      onSubmit={onSubmit}
      isValid={formState.isValid}
      isSubmitting={formState.isSubmitting}
    >
      <Grid size={12}>
        <Typography variant="body2" color="text.secondary">
          Availability #{availability.id}: {availability.drug.name} at {availability.cmo.name}, in the CMO's
          time zone {zoneWithOffset(availability.cmo.timezone)}. The date must be one of its manufacture days
          from {availability.validFrom} to {availability.validUntil}.
        </Typography>
      </Grid>
      {!exception && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <DateOrTimeField
            control={control}
            name="date"
            label="Date"
            mode="date"
            minDate={DateTime.fromISO(availability.validFrom)}
            required
          />
        </Grid>
      )}
      <Grid size={{ xs: 12, sm: exception ? 12 : 6 }}>
        <FormSelect control={control} name="kind" label="Exception" options={kindOptions} required />
      </Grid>
      {kind === 'changed' && (
        <>
          <Grid size={12}>
            <PositiveNumberField
              control={control}
              name="doses"
              label={`Doses that day (the availability makes ${availability.doses})`}
              max={100_000_000}
            />
          </Grid>
          <ManufactureWindowFields
            control={control}
            timezone={availability.cmo.timezone}
            inherited={{ startTime: availability.startTime, endTime: availability.endTime }}
          />
        </>
      )}
      <Grid size={12}>
        <FormTextField control={control} name="reason" label="Reason (maintenance, holiday…)" required />
      </Grid>
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}
