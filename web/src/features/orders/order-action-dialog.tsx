import {
  closedDayOf,
  defaultProjectedDelivery,
  deliveryAfterCalibration,
  formatInstant,
  limits,
  messages,
  type Order,
  type OrderAction,
  orderActionRules,
  setsProjectedDelivery,
  setsReceipt,
  setsShipment,
} from '@dosechain/contract';
import { Alert, Grid, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ApiError } from '../../api/http-client.ts';
import { DateOrTimeField } from '../../components/form/date-fields.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { applyServerErrors, conflictMessage, showFailureToast } from '../../components/form/server-errors.ts';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { useSignedForm } from '../../components/form/signed-form.ts';
import { TimezoneSelect } from '../../components/form/timezone-select.tsx';
import { ClosedDayAcceptWarning, ConfirmWarningsCheckbox } from './accept-warnings.tsx';
import { acceptWarnings, enteredInstant, orderActionFields } from './order-action-fields.ts';
import { ActivityAtInstant } from './order-activity.tsx';
import { showsDecay } from './order-activity-view.ts';
import { useOrderStatusChange } from './order-api.ts';
import { receiptErrorFields } from './receipt-fields.ts';
import { ReceiptSection } from './receipt-section.tsx';
import { ShipDialog } from './ship-dialog.tsx';

/** The dialog of an order's action: Ship has its own (the shipment's record); the others share one. */
export function OrderActionDialog(props: { order: Order; action: OrderAction; onClose: () => void }) {
  if (setsShipment(props.action)) return <ShipDialog order={props.order} onClose={props.onClose} />;
  return <StatusActionDialog {...props} />;
}

/**
 * Accept / Deliver: a date and time on a chosen clock (the imaging center's by default, shown
 * with its UTC offset). Reject / Cancel: the reason (≤ 140, with a counter). All signed.
 */
function StatusActionDialog({
  order,
  action,
  onClose,
}: {
  order: Order;
  action: OrderAction;
  onClose: () => void;
}) {
  const rule = orderActionRules[action];
  const needsDate = rule.needs === 'relatedDatetime';
  const fields = useMemo(() => orderActionFields(action, undefined, order), [action, order]);
  const zone = order.imagingCenter.timezone;
  // Accept starts at the calibration day and time on the order's clock (not in the past).
  const [initial] = useState(() =>
    setsProjectedDelivery(action)
      ? defaultProjectedDelivery(order.calibrationDatetime, zone, new Date())
      : undefined,
  );
  const { control, schema, handleSubmit, setError, formState, trigger, setValue } = useSignedForm(fields, {
    date: initial?.date ?? null,
    time: initial?.time ?? null,
    timezone: zone,
    comment: '',
    confirmed: false,
    receivedActivity: null,
    receivedDate: null,
    receivedTime: null,
    packageCondition: 'intact',
  });
  const change = useOrderStatusChange(order, action);
  const comment = useWatch({ control, name: 'comment' }) ?? '';
  const [date, time, timezone] = useWatch({ control, name: ['date', 'time', 'timezone'] });
  // The date-time's check sits on the time field: a changed date or zone checks it again.
  useEffect(() => {
    if (needsDate && time && (date || timezone)) void trigger('time');
  }, [date, timezone, needsDate, time, trigger]);
  const enteredAt = needsDate ? enteredInstant({ date, time, timezone }) : undefined;
  const entered = setsProjectedDelivery(action) ? enteredAt : undefined;
  const lateForCalibration =
    entered !== undefined && deliveryAfterCalibration(entered, order.calibrationDatetime);
  // What an accept must be confirmed for (issue 33). The tick confirms what was in view: another
  // date, zone or warning takes it back.
  const warnings = setsProjectedDelivery(action) ? acceptWarnings(order, entered) : [];
  const confirmedFor = `${warnings.join(',')}@${entered?.getTime() ?? ''}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when what was confirmed changes
  useEffect(() => {
    setValue('confirmed', false, { shouldValidate: true });
  }, [confirmedFor, setValue]);
  const closedDay = setsProjectedDelivery(action) ? closedDayOf(order) : null;

  const submit = handleSubmit(async (values) => {
    try {
      const { receivedActivity, receivedDate, receivedTime, packageCondition, ...rest } = values;
      const receivedAt = receivedDate && receivedTime ? `${receivedDate}T${receivedTime}` : null;
      await change.mutateAsync(
        setsReceipt(action) ? { ...rest, receipt: { receivedActivity, receivedAt, packageCondition } } : rest,
      );
      onClose();
    } catch (err) {
      // The server names the date-time `relatedDatetime`: its refusal goes on the time field.
      const relatedIssue =
        err instanceof ApiError && err.body.errors.find((e) => e.parameter === 'relatedDatetime');
      if (relatedIssue) setError('time', { type: 'server', message: relatedIssue.message });
      const placed =
        Boolean(relatedIssue) ||
        applyServerErrors(
          err,
          setError,
          [
            'comment',
            'timezone',
            'electronicSignature',
            'reasonForChange',
            ...Object.values(receiptErrorFields),
          ],
          receiptErrorFields,
        );
      const conflict = conflictMessage(err);
      if (conflict) {
        toast.error(conflict);
        onClose();
      } else if (!placed) showFailureToast(err, messages.errorUpdatingOrder);
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
      // 'Cancel order', not a second 'Cancel' beside the dialog's own.
      submitLabel={`${rule.label} order`}
      // The receipt's assay sets a date and a time beside its activity: wider.
      maxWidth={setsReceipt(action) ? 'md' : 'sm'}
    >
      <Grid size={12}>
        <Typography variant="body2" color="text.secondary">
          {order.study.name} · {order.subjectId} · {order.exam.name} · calibration{' '}
          {formatInstant(order.calibrationDatetime, zone)}
        </Typography>
      </Grid>
      {closedDay && (
        <Grid size={12} sx={{ mt: 1 }}>
          <ClosedDayAcceptWarning closed={closedDay} />
        </Grid>
      )}
      {needsDate ? (
        <>
          <Grid size={{ xs: 12, sm: 6 }}>
            <DateOrTimeField
              control={control}
              name="date"
              label={`${rule.inputLabel} date`}
              mode="date"
              required
              minDate={rule.relatedTime === 'notPast' ? DateTime.now().startOf('day') : undefined}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <DateOrTimeField
              control={control}
              name="time"
              label={`${rule.inputLabel} time`}
              mode="time"
              required
            />
          </Grid>
          <Grid size={12}>
            <TimezoneSelect control={control} name="timezone" required />
          </Grid>
          {showsDecay(order) && (
            <Grid size={12}>
              {/* The activity left at the entered time; the accept dialog warns below the drug's threshold. */}
              <ActivityAtInstant
                order={order}
                at={enteredAt && !Number.isNaN(enteredAt.getTime()) ? enteredAt.toISOString() : null}
                zone={zone}
                label={`Activity at ${rule.inputLabel.toLowerCase()}`}
                warn={setsProjectedDelivery(action)}
              />
            </Grid>
          )}
          {lateForCalibration && (
            <Grid size={12}>
              <Alert severity="warning">
                {messages.deliveryAfterCalibration(formatInstant(order.calibrationDatetime, zone))}
              </Alert>
            </Grid>
          )}
          {warnings.includes('beforeCalibration') && (
            <Grid size={12} sx={{ mt: 1 }}>
              <Alert severity="error" data-testid="before-calibration-warning">
                {messages.deliveryBeforeCalibration(formatInstant(order.calibrationDatetime, zone))}
              </Alert>
            </Grid>
          )}
          {warnings.length > 0 && (
            <Grid size={12}>
              <ConfirmWarningsCheckbox control={control} name="confirmed" />
            </Grid>
          )}
          {setsReceipt(action) && (
            <ReceiptSection control={control as never} trigger={trigger as never} order={order} />
          )}
        </>
      ) : (
        <Grid size={12}>
          <FormTextField
            control={control}
            name="comment"
            label={rule.inputLabel}
            required
            multiline
            minRows={2}
            helperText={`${comment.length}/${limits.reasonMax}`}
            slotProps={{ htmlInput: { maxLength: limits.reasonMax } }}
          />
        </Grid>
      )}
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}
