import { activityUnitSymbol, formatInstant, type Order, orderActionRules } from '@dosechain/contract';
import { Grid, Typography } from '@mui/material';
import { useEffect, useMemo } from 'react';
import { type Control, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { DateOrTimeField } from '../../components/form/date-fields.tsx';
import { DecimalField } from '../../components/form/decimal-field.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { useSignedForm } from '../../components/form/signed-form.ts';
import { TimezoneSelect } from '../../components/form/timezone-select.tsx';
import { useOrderStatusChange } from './order-api.ts';
import { reportOrderChangeRefusal } from './order-change-refusal.ts';
import { shipActionValues, shipErrorFields, shipFields } from './ship-fields.ts';

/** A wall clock as a date and a time picker side by side (`<label> date`, `<label> time`). */
export function WallClockFields<T extends FieldValues>({
  control,
  date,
  time,
  label,
  required,
}: {
  control: Control<T>;
  date: Path<T>;
  time: Path<T>;
  label: string;
  required?: boolean;
}) {
  return (
    <>
      <Grid size={{ xs: 12, sm: 3 }}>
        <DateOrTimeField
          control={control}
          name={date}
          label={`${label} date`}
          mode="date"
          required={required}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 3 }}>
        <DateOrTimeField
          control={control}
          name={time}
          label={`${label} time`}
          mode="time"
          required={required}
        />
      </Grid>
    </>
  );
}

/**
 * Ship (issue 35, decision 058), the CMO on an accepted order: the lot, the assay in the order's
 * unit with its time, the expiry, the courier and tracking number, and the dispatch, all read on
 * one clock (the imaging center's by default); signed.
 */
export function ShipDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const rule = orderActionRules.ship;
  const fields = useMemo(() => shipFields(order), [order]);
  const zone = order.imagingCenter.timezone;
  const { control, schema, handleSubmit, setError, formState, trigger } = useSignedForm(fields, {
    lotNumber: '',
    assayedActivity: null,
    assayDate: null,
    assayTime: null,
    expiryDate: null,
    expiryTime: null,
    courier: '',
    trackingNumber: '',
    date: null,
    time: null,
    timezone: zone,
  });
  const change = useOrderStatusChange(order, 'ship');
  // The times' checks sit on the time fields and read each other: a change checks again those
  // that hold a time (an empty one is not flagged before it was touched).
  const [assayTime, expiryTime, time] = useWatch({ control, name: ['assayTime', 'expiryTime', 'time'] });
  const watched = JSON.stringify(
    useWatch({ control, name: ['assayDate', 'expiryDate', 'date', 'timezone', 'assayedActivity'] }),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: check again when any of them changes
  useEffect(() => {
    const filled = (
      [
        ['assayTime', assayTime],
        ['expiryTime', expiryTime],
        ['time', time],
      ] as const
    )
      .filter(([, v]) => Boolean(v))
      .map(([name]) => name);
    if (filled.length > 0) void trigger(filled);
  }, [watched, assayTime, expiryTime, time, trigger]);
  const unit = order.activityUnit ? activityUnitSymbol(order.activityUnit) : undefined;

  const submit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(shipActionValues(values));
      onClose();
    } catch (err) {
      reportOrderChangeRefusal(err, setError, shipErrorFields, { onClose });
    }
  });

  return (
    <FormDialog
      title={`${rule.label} Order #${order.number}`}
      onClose={onClose}
      control={control}
      schema={schema}
      onSubmit={submit}
      isValid={formState.isValid}
      isSubmitting={formState.isSubmitting}
      submitLabel={`${rule.label} order`}
      maxWidth="md"
    >
      <Grid size={12}>
        <Typography variant="body2" color="text.secondary">
          {order.study.name} · {order.subjectId} · {order.exam.name} · {order.drug.name} · calibration{' '}
          {formatInstant(order.calibrationDatetime, zone)}
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="lotNumber" label="Lot number" required />
      </Grid>
      <WallClockFields control={control} date="expiryDate" time="expiryTime" label="Expiry" required />
      <Grid size={{ xs: 12, sm: 6 }}>
        <DecimalField
          control={control}
          name="assayedActivity"
          label="Assayed activity"
          unit={unit}
          required={order.drug.halfLifeSeconds !== null}
        />
      </Grid>
      <WallClockFields
        control={control}
        date="assayDate"
        time="assayTime"
        label="Assay"
        required={order.drug.halfLifeSeconds !== null}
      />
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="courier" label="Courier" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="trackingNumber" label="Tracking number" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TimezoneSelect control={control} name="timezone" required />
      </Grid>
      <WallClockFields control={control} date="date" time="time" label={rule.inputLabel} required />
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}
