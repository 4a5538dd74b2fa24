import {
  closedDayOf,
  decayedActivityText,
  defaultProjectedDelivery,
  exceptionKindLabels,
  formatCalendarDate,
  formatInstant,
  limits,
  messages,
  type Order,
  type OrderStatusBatchBody,
  type OrderStatusBatchResult,
  orderActionRules,
  relatedTimeProblem,
  requiredReasonMeta,
} from '@dosechain/contract';
import {
  Alert,
  FormControlLabel,
  Grid,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DateOrTimeField } from '../../components/form/date-fields.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { applyServerErrors, showFailureToast } from '../../components/form/server-errors.ts';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { useSignedForm } from '../../components/form/signed-form.ts';
import { TimezoneSelect } from '../../components/form/timezone-select.tsx';
import { ConfirmWarningsCheckbox } from './accept-warnings.tsx';
import { BatchResults } from './batch-results.tsx';
import { acceptWarnings, enteredInstant } from './order-action-fields.ts';
import { decayAt, showsDecay } from './order-activity-view.ts';
import { useOrderStatusBatch } from './order-api.ts';

export type BulkAction = 'accept' | 'reject';

const dateValue = z.string().nullable();

/** The bulk accept form's date-time values: one for all, or one per order. */
interface BulkDeliveries {
  same: boolean;
  date?: string | null;
  time?: string | null;
  timezone?: string | null;
  rows?: readonly { date?: string | null; time?: string | null }[];
}

/** Each order's projected delivery entered: the one for all, or its row on its imaging center's clock. */
export function bulkDeliveryOf(values: BulkDeliveries, order: Order, i: number): Date | undefined {
  const at = values.same
    ? enteredInstant({ date: values.date, time: values.time, timezone: values.timezone })
    : enteredInstant({ ...(values.rows?.[i] ?? {}), timezone: order.imagingCenter.timezone });
  return at && !Number.isNaN(at.getTime()) ? at : undefined;
}

/**
 * The orders each accept warning names (issue 33): those whose projected delivery lies before
 * their calibration, and those on a day with no manufacture.
 */
export function bulkAcceptWarnings(orders: readonly Order[], values: BulkDeliveries) {
  const named = { beforeCalibration: [] as Order[], closedDay: [] as Order[] };
  orders.forEach((order, i) => {
    for (const warning of acceptWarnings(order, bulkDeliveryOf(values, order, i))) named[warning].push(order);
  });
  return named;
}

/**
 * The bulk dialog's fields. Accept: one projected delivery for all (date, time, zone) or one per
 * order on its imaging center's clock, each checked against now and that order's calibration as
 * the server checks it. Reject: the one reason (≤ 140).
 */
export function bulkAcknowledgeFields(
  action: BulkAction,
  orders: readonly Order[],
  now: () => Date = () => new Date(),
) {
  return z
    .object({
      same: z.boolean(),
      date: dateValue,
      time: dateValue,
      timezone: dateValue,
      rows: z.array(z.object({ date: dateValue, time: dateValue })),
      comment: z.string(),
      confirmed: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (action === 'reject') {
        // The one reason is a required reason for change, as the contract has it.
        const problem = requiredReasonMeta.reasonForChange.safeParse(values.comment).error?.issues[0];
        if (problem) ctx.addIssue({ code: 'custom', path: ['comment'], message: problem.message });
        return;
      }
      const check = (
        entered: { date: string | null; time: string | null },
        zone: string | null,
        order: Order,
        path: (string | number)[],
      ) => {
        if (!entered.date)
          ctx.addIssue({ code: 'custom', path: [...path, 'date'], message: messages.required });
        if (!entered.time)
          ctx.addIssue({ code: 'custom', path: [...path, 'time'], message: messages.required });
        const at = enteredInstant({ ...entered, timezone: zone });
        const problem = at && relatedTimeProblem('accept', at, now(), order.calibrationDatetime);
        if (problem) ctx.addIssue({ code: 'custom', path: [...path, 'time'], message: problem });
      };
      if (values.same) {
        // One time for all: it must suit every order's calibration.
        const issues = new Set<string>();
        for (const order of orders) {
          const at = enteredInstant(values);
          const problem = at && relatedTimeProblem('accept', at, now(), order.calibrationDatetime);
          if (problem) issues.add(problem);
        }
        if (!values.date) ctx.addIssue({ code: 'custom', path: ['date'], message: messages.required });
        if (!values.time) ctx.addIssue({ code: 'custom', path: ['time'], message: messages.required });
        for (const message of issues) ctx.addIssue({ code: 'custom', path: ['time'], message });
      } else {
        orders.forEach((order, i) => {
          check(values.rows[i] ?? { date: null, time: null }, order.imagingCenter.timezone, order, [
            'rows',
            i,
          ]);
        });
      }
      const warned = bulkAcceptWarnings(orders, values);
      if ((warned.beforeCalibration.length > 0 || warned.closedDay.length > 0) && !values.confirmed)
        ctx.addIssue({
          code: 'custom',
          path: ['confirmed'],
          message: messages.confirmAcceptWarningsRequired,
        });
    });
}

/** The body of the batch: every order with the chosen date-time (or the reason), one signature. */
export function batchBody(
  action: BulkAction,
  orders: readonly Order[],
  values: z.output<ReturnType<typeof bulkAcknowledgeFields>> & {
    reasonForChange?: string;
    electronicSignature?: string;
  },
): OrderStatusBatchBody {
  const status = orderActionRules[action].to;
  const signature = {
    ...(values.reasonForChange ? { reasonForChange: values.reasonForChange } : {}),
    ...(values.electronicSignature ? { electronicSignature: values.electronicSignature } : {}),
  };
  const items = orders.map((order, i) => {
    if (action === 'reject') return { orderId: order.id, status, comment: values.comment.trim() };
    if (values.same)
      return {
        orderId: order.id,
        status,
        relatedDatetime: `${values.date}T${values.time}`,
        ...(values.timezone ? { timezone: values.timezone } : {}),
      };
    const row = values.rows[i]!;
    // Each order on its imaging center's clock: the server's default zone.
    return { orderId: order.id, status, relatedDatetime: `${row.date}T${row.time}` };
  });
  return { items, ...signature };
}

/**
 * Accept or reject the picked orders with one e-signature: one projected delivery for all or
 * one per order (each starting at its calibration day and time), or one reason. Afterwards each
 * order's result: done, or refused with why (one refusal does not undo the others).
 */
export function BulkAcknowledgeDialog({
  orders,
  action,
  onClose,
  onDone,
}: {
  orders: readonly Order[];
  action: BulkAction;
  onClose: () => void;
  /** Told of the results once the server answered (the page clears what was done). */
  onDone: (results: OrderStatusBatchResult[]) => void;
}) {
  const rule = orderActionRules[action];
  const fields = useMemo(() => bulkAcknowledgeFields(action, orders), [action, orders]);
  const [defaults] = useState(() =>
    orders.map((o) => defaultProjectedDelivery(o.calibrationDatetime, o.imagingCenter.timezone, new Date())),
  );
  const firstZone = orders[0]?.imagingCenter.timezone ?? 'UTC';
  const { control, handleSubmit, setError, formState, trigger, setValue } = useSignedForm(fields, {
    same: false,
    date: defaults[0]?.date ?? null,
    time: defaults[0]?.time ?? null,
    timezone: firstZone,
    rows: defaults,
    comment: '',
    confirmed: false,
  });
  const batch = useOrderStatusBatch();
  const [results, setResults] = useState<OrderStatusBatchResult[]>();
  const same = useWatch({ control, name: 'same' });
  const comment = useWatch({ control, name: 'comment' }) ?? '';
  const watched = useWatch({ control, name: ['date', 'time', 'timezone', 'rows'] });
  // The date-time checks sit on the time fields: a changed date, zone or mode checks again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-validate when any watched value changes
  useEffect(() => {
    if (action === 'accept') void trigger();
  }, [action, same, JSON.stringify(watched), trigger]);

  const submit = handleSubmit(async (values) => {
    try {
      const answer = await batch.mutateAsync(batchBody(action, orders, values));
      setResults(answer.results);
      onDone(answer.results);
    } catch (err) {
      if (!applyServerErrors(err, setError, ['electronicSignature', 'reasonForChange']))
        showFailureToast(err, messages.errorUpdatingOrder);
    }
  });

  // The activity each order will have left at its projected delivery, where it names one (issue 21).
  const [wDate, wTime, wZone, wRows] = watched;
  const entered = { same, date: wDate, time: wTime, timezone: wZone, rows: wRows };
  const showActivity = action === 'accept' && orders.some(showsDecay);
  const deliveryOf = (order: Order, i: number): string | null =>
    bulkDeliveryOf(entered, order, i)?.toISOString() ?? null;
  // The orders the accept warns about (issue 33). The tick confirms what was in view: another
  // date, zone or warned order takes it back.
  const warned =
    action === 'accept' ? bulkAcceptWarnings(orders, entered) : { beforeCalibration: [], closedDay: [] };
  const confirmedFor = [warned.beforeCalibration, warned.closedDay]
    .map((named) => named.map((o) => o.id).join(','))
    .concat(orders.map((o, i) => String(bulkDeliveryOf(entered, o, i)?.getTime() ?? '')))
    .join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when what was confirmed changes
  useEffect(() => {
    setValue('confirmed', false, { shouldValidate: true });
  }, [confirmedFor, setValue]);

  if (results) return <BatchResults orders={orders} action={action} results={results} onClose={onClose} />;
  const label = `${rule.label} ${orders.length} ${orders.length === 1 ? 'order' : 'orders'}`;
  return (
    <FormDialog
      title={label}
      onClose={onClose}
      onSubmit={submit}
      isValid={formState.isValid}
      isSubmitting={formState.isSubmitting}
      submitLabel={label}
      maxWidth="md"
    >
      {action === 'accept' ? (
        <>
          <Grid size={12}>
            <Controller
              control={control}
              name="same"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                  }
                  label="One projected delivery for all orders"
                />
              )}
            />
          </Grid>
          {same && (
            <>
              <Grid size={{ xs: 12, sm: 4 }}>
                <DateOrTimeField
                  control={control}
                  name="date"
                  label="Projected delivery date"
                  mode="date"
                  required
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 3 }}>
                <DateOrTimeField
                  control={control}
                  name="time"
                  label="Projected delivery time"
                  mode="time"
                  required
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 5 }}>
                <TimezoneSelect control={control} name="timezone" />
              </Grid>
            </>
          )}
        </>
      ) : (
        <Grid size={12}>
          <FormTextField
            control={control}
            name="comment"
            label="Rejection reason"
            required
            multiline
            minRows={2}
            helperText={`${comment.length}/${limits.reasonMax} — the same reason for every order`}
            slotProps={{ htmlInput: { maxLength: limits.reasonMax } }}
          />
        </Grid>
      )}
      <Grid size={12}>
        <Table size="small" aria-label="Selected orders">
          <TableHead>
            <TableRow>
              <TableCell>Order</TableCell>
              <TableCell>Subject</TableCell>
              <TableCell>Calibration</TableCell>
              {action === 'accept' && !same && (
                <TableCell>Projected delivery (imaging center clock)</TableCell>
              )}
              {showActivity && <TableCell>Activity at projected delivery</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {orders.map((order, i) => (
              <TableRow key={order.id}>
                <TableCell>
                  #{order.number}
                  {action === 'accept' && closedDayOf(order) && (
                    <Typography variant="caption" color="warning.main" component="div">
                      {exceptionKindLabels.closed}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{order.subjectId}</TableCell>
                <TableCell>
                  {formatInstant(order.calibrationDatetime, order.imagingCenter.timezone)}
                </TableCell>
                {action === 'accept' && !same && (
                  <TableCell sx={{ minWidth: 330 }}>
                    <Grid container spacing={1} sx={{ pt: 1 }}>
                      <Grid size={7}>
                        <DateOrTimeField
                          control={control}
                          name={`rows.${i}.date`}
                          label={`Order #${order.number} date`}
                          mode="date"
                          required
                        />
                      </Grid>
                      <Grid size={5}>
                        <DateOrTimeField
                          control={control}
                          name={`rows.${i}.time`}
                          label={`Order #${order.number} time`}
                          mode="time"
                          required
                        />
                      </Grid>
                    </Grid>
                  </TableCell>
                )}
                {showActivity && (
                  <TableCell>
                    <BulkActivityCell order={order} at={deliveryOf(order, i)} />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Grid>
      {warned.beforeCalibration.length > 0 && (
        <Grid size={12} sx={{ mt: 1 }}>
          <Alert severity="error" data-testid="before-calibration-warning">
            {messages.deliveryBeforeCalibrationOf(
              warned.beforeCalibration
                .map(
                  (o) =>
                    `Order #${o.number} (${formatInstant(o.calibrationDatetime, o.imagingCenter.timezone)})`,
                )
                .join(', '),
            )}
          </Alert>
        </Grid>
      )}
      {warned.closedDay.length > 0 && (
        <Grid size={12} sx={{ mt: 1 }}>
          <Alert severity="warning" data-testid="closed-day-warning">
            {messages.ordersOnClosedDays(
              warned.closedDay
                .map((o) => {
                  const closed = closedDayOf(o)!;
                  return `Order #${o.number} (${formatCalendarDate(closed.date)}: ${closed.reason})`;
                })
                .join(', '),
            )}
          </Alert>
        </Grid>
      )}
      {(warned.beforeCalibration.length > 0 || warned.closedDay.length > 0) && (
        <Grid size={12}>
          <ConfirmWarningsCheckbox control={control} name="confirmed" />
        </Grid>
      )}
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}

/** An order's activity at the projected delivery entered, marked when below its drug's threshold. */
function BulkActivityCell({ order, at }: { order: Order; at: string | null }) {
  const decayed = decayAt(order, at, order.imagingCenter.timezone);
  if (!decayed) return <>—</>;
  return (
    <Typography
      variant="body2"
      component="span"
      sx={{ fontWeight: decayed.belowThreshold ? 600 : undefined }}
    >
      {decayedActivityText(decayed, false)}
      {decayed.belowThreshold && ` — below the drug's ${decayed.thresholdPercent}% threshold`}
    </Typography>
  );
}
