import {
  activityUnitSymbol,
  messages,
  type Order,
  type OrderStatusBatchResult,
  orderActionRules,
} from '@dosechain/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import {
  Alert,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { DecimalField } from '../../components/form/decimal-field.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { applyServerErrors, showFailureToast } from '../../components/form/server-errors.ts';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { useSignedForm } from '../../components/form/signed-form.ts';
import { TimezoneSelect } from '../../components/form/timezone-select.tsx';
import { BatchResults, refusalText } from './batch-results.tsx';
import { bulkShipBody, bulkShipFields, mergeResults } from './bulk-ship-fields.ts';
import { requestedActivityText } from './order-activity-view.ts';
import { useOrderStatusBatch } from './order-api.ts';
import { WallClockFields } from './ship-dialog.tsx';

const plural = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;

/**
 * Ship several accepted orders under one e-signature (issue 35): the lot, expiry, courier,
 * tracking number, dispatch and assay time once, each dose's assayed activity on its row, checked
 * as the Ship dialog checks one order. After the answer each row says shipped or refused with
 * why; the refused keep what was entered, to be put right and shipped again. Once every order is
 * shipped, the results.
 */
export function BulkShipDialog({
  orders,
  onClose,
  onDone,
}: {
  orders: readonly Order[];
  onClose: () => void;
  /** Told of each answer's results (the page clears its selection). */
  onDone: (results: OrderStatusBatchResult[]) => void;
}) {
  const rule = orderActionRules.ship;
  const [results, setResults] = useState<ReadonlyMap<number, OrderStatusBatchResult>>(new Map());
  const done = useMemo(
    () => new Set([...results.values()].filter((r) => r.ok).map((r) => r.orderId)),
    [results],
  );
  const fields = useMemo(() => bulkShipFields(orders, done), [orders, done]);
  const { control, schema, handleSubmit, setError, setValue, formState, trigger } = useSignedForm(fields, {
    lotNumber: '',
    assayDate: null,
    assayTime: null,
    expiryDate: null,
    expiryTime: null,
    courier: '',
    trackingNumber: '',
    date: null,
    time: null,
    timezone: orders[0]?.imagingCenter.timezone ?? 'UTC',
    rows: orders.map(() => ({ assayedActivity: null })),
  });
  const batch = useOrderStatusBatch();
  // The times' checks read each other and the rows' assays: a change checks again those that hold
  // a time (an empty one is not flagged before it was touched), and the rows once touched.
  const [assayTime, expiryTime, time] = useWatch({ control, name: ['assayTime', 'expiryTime', 'time'] });
  const watched = JSON.stringify(
    useWatch({ control, name: ['assayDate', 'expiryDate', 'date', 'timezone', 'rows'] }),
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

  const pending = orders.filter((o) => !done.has(o.id));
  const submit = handleSubmit(async (values) => {
    try {
      const answer = await batch.mutateAsync(bulkShipBody(orders, values, done));
      const merged = mergeResults(results, answer.results);
      setResults(merged);
      onDone(answer.results);
      // A retry is a new signing: the password is asked again. The refusals are said on their rows
      // (not as field errors: an error set from outside would hold the form invalid once put right).
      setValue('electronicSignature', '', { shouldValidate: true });
    } catch (err) {
      if (!applyServerErrors(err, setError, ['electronicSignature', 'reasonForChange']))
        showFailureToast(err, messages.errorUpdatingOrder);
    }
  });

  if (orders.length > 0 && pending.length === 0)
    return <BatchResults orders={orders} action="ship" results={[...results.values()]} onClose={onClose} />;
  const label = `${rule.label} ${plural(pending.length)}`;
  const refused = [...results.values()].filter((r) => !r.ok).length;
  const radioactive = pending.some((o) => o.drug.halfLifeSeconds !== null);
  return (
    <FormDialog
      title={label}
      onClose={onClose}
      control={control}
      schema={schema}
      onSubmit={submit}
      isValid={formState.isValid}
      isSubmitting={formState.isSubmitting}
      submitLabel={label}
      maxWidth="lg"
    >
      {results.size > 0 && (
        <Grid size={12} sx={{ mb: 1 }}>
          <Alert severity="warning" data-testid="bulk-ship-outcome">
            {done.size} of {plural(done.size + refused)} shipped; {refused} refused, with why on its row. Put
            it right and ship again.
          </Alert>
        </Grid>
      )}
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormTextField control={control} name="lotNumber" label="Lot number" required />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormTextField control={control} name="courier" label="Courier" />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormTextField control={control} name="trackingNumber" label="Tracking number" />
      </Grid>
      <WallClockFields control={control} date="date" time="time" label={rule.inputLabel} required />
      <WallClockFields control={control} date="expiryDate" time="expiryTime" label="Expiry" required />
      <Grid size={{ xs: 12, sm: 6 }}>
        <TimezoneSelect control={control} name="timezone" required />
      </Grid>
      <WallClockFields
        control={control}
        date="assayDate"
        time="assayTime"
        label="Assay"
        required={radioactive}
      />
      <Grid size={12}>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          One lot, expiry, courier and dispatch for every order below; each dose's assayed activity on its
          row, in its order's unit, at the assay time above.
        </Typography>
      </Grid>
      <Grid size={12}>
        <TableContainer>
          <Table size="small" aria-label="Orders to ship">
            <TableHead>
              <TableRow>
                <TableCell>Order</TableCell>
                <TableCell>Subject</TableCell>
                <TableCell>Drug</TableCell>
                <TableCell>Requested activity</TableCell>
                <TableCell sx={{ width: 200 }}>Assayed activity</TableCell>
                {results.size > 0 && <TableCell>Result</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {orders.map((order, i) => {
                const result = results.get(order.id);
                const shipped = result?.ok === true;
                const unit = order.activityUnit ? activityUnitSymbol(order.activityUnit) : undefined;
                return (
                  <TableRow key={order.id} data-testid={`bulk-ship-row-${order.number}`}>
                    <TableCell>#{order.number}</TableCell>
                    <TableCell>{order.subjectId}</TableCell>
                    <TableCell>{order.drug.name}</TableCell>
                    <TableCell>{requestedActivityText(order) || '—'}</TableCell>
                    <TableCell>
                      {shipped ? (
                        '—'
                      ) : (
                        <DecimalField
                          control={control}
                          name={`rows.${i}.assayedActivity`}
                          label={`Order #${order.number} assayed activity`}
                          unit={unit}
                          required={order.drug.halfLifeSeconds !== null}
                          compact
                        />
                      )}
                    </TableCell>
                    {results.size > 0 && (
                      <TableCell>
                        {result?.ok ? (
                          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                            <CheckCircleIcon color="success" fontSize="small" aria-hidden />
                            <Typography variant="body2">Shipped</Typography>
                          </Stack>
                        ) : result ? (
                          <Typography variant="body2" color="error">
                            Refused: {refusalText(result)}
                          </Typography>
                        ) : null}
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </Grid>
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}
