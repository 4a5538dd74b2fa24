import {
  formatActivityBoth,
  limits,
  messages,
  notAdministeredReasonLabels,
  notAdministeredReasons,
  type Order,
} from '@dosechain/contract';
import { FormControlLabel, Grid, Radio, RadioGroup, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useApi } from '../../api/api-context.tsx';
import { queryKeys } from '../../api/query-keys.ts';
import { DecimalField } from '../../components/form/decimal-field.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormSelect } from '../../components/form/form-select.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { showSuccessToast } from '../../components/form/server-errors.ts';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { useSignedForm } from '../../components/form/signed-form.ts';
import { TimezoneSelect } from '../../components/form/timezone-select.tsx';
import {
  type AdministrationValues,
  administrationBody,
  administrationErrorFields,
  administrationFields,
  enteredAdministeredActivity,
} from './administration-fields.ts';
import { ORDERS } from './order-api.ts';
import { reportOrderChangeRefusal } from './order-change-refusal.ts';
import { WallClockFields } from './ship-dialog.tsx';

/** Why a dose was not given, in the contract's order. */
const reasonOptions = notAdministeredReasons.map((r) => ({
  value: r,
  label: notAdministeredReasonLabels[r],
}));

/** A recorded instant as the dialog's date and time on `zone`. */
function wallParts(iso: string | null, zone: string): { date: string | null; time: string | null } {
  if (!iso) return { date: null, time: null };
  const at = DateTime.fromISO(iso, { zone });
  return { date: at.toFormat('yyyy-MM-dd'), time: at.toFormat('HH:mm') };
}

/** What the dialog starts with: empty, or the recorded administration to be corrected. */
function initialValues(order: Order, zone: string): AdministrationValues {
  const a = order.administration;
  const injected = wallParts(a?.injectedAt ?? null, zone);
  const measured = wallParts(a?.measuredAt ?? null, zone);
  const residual = wallParts(a?.residualAt ?? null, zone);
  return {
    administered: a && !a.administered ? 'no' : 'yes',
    date: injected.date,
    time: injected.time,
    timezone: zone,
    measuredActivity: a?.measuredActivity ?? null,
    measuredDate: measured.date,
    measuredTime: measured.time,
    residualActivity: a?.residualActivity ?? null,
    residualDate: residual.date,
    residualTime: residual.time,
    // A dose recorded as not given before the reasons (a comment only) reads as `other`.
    reason: a && !a.administered ? (a.reason ?? 'other') : null,
    comment: a?.comment ?? '',
  };
}

/**
 * Administer (issue 35, decision 058), on a delivered order: administered — the injection, the
 * syringe's measured activity and the residual, each with its time, and the administered activity
 * they give shown live in both units — or not administered, with the reason. A recorded one is
 * corrected the same way, with a reason for change. Signed.
 */
export function AdministerDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const zone = order.imagingCenter.timezone;
  const correcting = order.administration !== null;
  const fields = useMemo(() => administrationFields(undefined, correcting), [correcting]);
  const [initial] = useState(() => initialValues(order, zone));
  const { control, schema, handleSubmit, setError, formState, trigger } = useSignedForm(fields, initial);
  const api = useApi();
  const queryClient = useQueryClient();
  const record = useMutation({
    mutationFn: (body: ReturnType<typeof administrationBody>) =>
      api('PUT', `${ORDERS}/${order.id}/administration`, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.record(ORDERS, order.id), saved);
      showSuccessToast(messages.administrationRecorded(order.number), messages.errorUpdatingOrder);
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists(ORDERS) });
    },
  });
  const values = useWatch({ control }) as Partial<AdministrationValues>;
  const administered = values.administered !== 'no';
  const unit =
    order.administration?.activityUnit ??
    order.receipt?.activityUnit ??
    order.shipment?.activityUnit ??
    order.activityUnit;
  const figure = unit ? enteredAdministeredActivity(values, order, unit) : null;
  const checkAgain = JSON.stringify([
    values.date,
    values.time,
    values.timezone,
    values.measuredDate,
    values.residualDate,
    values.measuredActivity,
  ]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the times' checks read each other
  useEffect(() => {
    const filled = (['time', 'measuredTime', 'residualTime', 'residualActivity'] as const).filter((f) =>
      Boolean(values[f]),
    );
    if (filled.length > 0) void trigger(filled);
  }, [checkAgain]);

  const submit = handleSubmit(async (v) => {
    try {
      await record.mutateAsync(administrationBody(v));
      onClose();
    } catch (err) {
      reportOrderChangeRefusal(err, setError, administrationErrorFields, {
        onClose,
        // The order changed under the dialog: read it again.
        onConflict: () =>
          void queryClient.invalidateQueries({ queryKey: queryKeys.record(ORDERS, order.id) }),
      });
    }
  });

  return (
    <FormDialog
      title={`${correcting ? 'Correct the administration of' : 'Administer'} Order #${order.number}`}
      onClose={onClose}
      control={control}
      schema={schema}
      onSubmit={submit}
      isValid={formState.isValid}
      isSubmitting={formState.isSubmitting}
      submitLabel={correcting ? 'Save correction' : 'Record administration'}
      maxWidth="md"
    >
      <Grid size={12}>
        <Typography variant="body2" color="text.secondary">
          {order.study.name} · {order.subjectId} · {order.exam.name} · {order.drug.name}
        </Typography>
      </Grid>
      <Grid size={12}>
        <Controller
          control={control}
          name="administered"
          render={({ field }) => (
            <RadioGroup row {...field} aria-label="Administered">
              <FormControlLabel value="yes" control={<Radio />} label="Administered" />
              <FormControlLabel value="no" control={<Radio />} label="Not administered" />
            </RadioGroup>
          )}
        />
      </Grid>
      {administered ? (
        <>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TimezoneSelect control={control} name="timezone" required />
          </Grid>
          <WallClockFields control={control} date="date" time="time" label="Injection" required />
          <Grid size={{ xs: 12, sm: 6 }}>
            <DecimalField
              control={control}
              name="measuredActivity"
              label="Measured activity"
              unit={unit ? (unit === 'mBq' ? 'MBq' : unit) : undefined}
              required
            />
          </Grid>
          <WallClockFields
            control={control}
            date="measuredDate"
            time="measuredTime"
            label="Measured"
            required
          />
          <Grid size={{ xs: 12, sm: 6 }}>
            <DecimalField
              control={control}
              name="residualActivity"
              label="Residual activity"
              unit={unit ? (unit === 'mBq' ? 'MBq' : unit) : undefined}
            />
          </Grid>
          <WallClockFields control={control} date="residualDate" time="residualTime" label="Residual" />
          <Grid size={12}>
            <Typography data-testid="administered-activity" sx={{ mt: 1 }}>
              {messages.administeredActivityIs(
                figure !== null && unit ? formatActivityBoth(figure, unit, true) : '—',
              )}
            </Typography>
          </Grid>
        </>
      ) : (
        <>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormSelect control={control} name="reason" label="Reason" options={reasonOptions} required />
          </Grid>
          <Grid size={12}>
            <FormTextField
              control={control}
              name="comment"
              label="Comment"
              required={values.reason === 'other'}
              multiline
              minRows={2}
              helperText={`${values.reason === 'other' ? 'Required for Other' : 'Required only for Other'} · ${(values.comment ?? '').length}/${limits.reasonMax}`}
              slotProps={{ htmlInput: { maxLength: limits.reasonMax } }}
            />
          </Grid>
        </>
      )}
      <SignedChangeFields control={control} reasonRequired={correcting} />
    </FormDialog>
  );
}
