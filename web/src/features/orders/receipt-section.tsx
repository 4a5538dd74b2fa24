import {
  activityUnitSymbol,
  formatActivity,
  formatInstant,
  limits,
  messages,
  type Order,
} from '@dosechain/contract';
import { Alert, Grid, Typography } from '@mui/material';
import { useEffect } from 'react';
import { type Control, type UseFormTrigger, useWatch } from 'react-hook-form';
import { DecimalField } from '../../components/form/decimal-field.tsx';
import { FormSelect } from '../../components/form/form-select.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { type ReceiptValues, receiptView } from './receipt-fields.ts';
import { WallClockFields } from './ship-dialog.tsx';

const conditionOptions = [
  { value: 'intact', label: 'Intact' },
  { value: 'damaged', label: 'Damaged' },
] as const;

type ReceiptForm = Required<Pick<ReceiptValues, 'receivedActivity' | 'receivedDate' | 'receivedTime'>> &
  ReceiptValues;

/**
 * The receipt of a delivery (issue 35): the received assay with its date and time, the package's
 * condition, and, live as it is typed, the activity expected then (the shipment's assay or the
 * requested activity, decayed) and how far the assay is from it. Outside the drug's tolerance, or
 * a damaged package, it says so and asks for the reason (the comment).
 */
export function ReceiptSection({
  control,
  trigger,
  order,
}: {
  // The dialog's form holds these fields among its others.
  control: Control<never>;
  trigger: UseFormTrigger<never>;
  order: Order;
}) {
  const form = control as unknown as Control<ReceiptForm>;
  const values = useWatch({ control: form }) as ReceiptValues;
  const view = receiptView(order, values);
  const zone = values.timezone ?? order.imagingCenter.timezone;
  const unit = view.expected?.unit ?? order.shipment?.activityUnit ?? order.activityUnit;
  const comment = values.comment ?? '';
  const checkAgain = `${view.reasonMessage ?? ''}|${values.receivedDate}|${values.date}|${values.time}|${values.timezone}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: check again when what they read changes
  useEffect(() => {
    const t = trigger as unknown as UseFormTrigger<ReceiptForm>;
    if (view.reasonMessage || values.comment) void t('comment');
    if (values.receivedTime) void t('receivedTime');
  }, [checkAgain]);
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DecimalField
          control={form}
          name="receivedActivity"
          label="Received activity"
          unit={unit ? activityUnitSymbol(unit) : undefined}
        />
      </Grid>
      <WallClockFields control={form} date="receivedDate" time="receivedTime" label="Assay" />
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormSelect
          control={form}
          name="packageCondition"
          label="Package condition"
          options={conditionOptions}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
        {view.expected && view.at && (
          <Typography variant="body2" data-testid="expected-activity">
            {messages.expectedActivityAt(
              formatInstant(view.at.toISOString(), zone),
              formatActivity(view.expected.activity, view.expected.unit),
            )}
            {view.check &&
              ` · ${messages.receivedOffExpected(`${view.check.deviationPercent >= 0 ? '+' : '−'}${Math.abs(view.check.deviationPercent).toFixed(1)}`)}`}
          </Typography>
        )}
      </Grid>
      {view.reasonMessage && (
        <Grid size={12} sx={{ mt: 1 }}>
          <Alert severity="warning" data-testid="receipt-deviation">
            {view.reasonMessage}
          </Alert>
        </Grid>
      )}
      {(view.reasonMessage || comment) && (
        <Grid size={12}>
          <FormTextField
            control={form}
            name="comment"
            label="Deviation reason"
            required={Boolean(view.reasonMessage)}
            multiline
            minRows={2}
            helperText={`${comment.length}/${limits.reasonMax}`}
            slotProps={{ htmlInput: { maxLength: limits.reasonMax } }}
          />
        </Grid>
      )}
    </>
  );
}
