import {
  type ContactUser,
  closedDayOf,
  formatCalendarDate,
  formatInstant,
  messages,
  type Order,
  orderActionRules,
  phoneForDisplay,
  reasonActionOf,
} from '@dosechain/contract';
import { Alert, Box, Grid, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { OrderDecay } from './order-activity.tsx';
import { requestedActivityText, showsDecay } from './order-activity-view.ts';
import { orderStatusText } from './order-lateness.ts';
import { OrderNotes } from './order-notes.tsx';
import { scheduleMarkerText } from './schedule-marker.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="div">{children || '—'}</Typography>
    </Box>
  );
}

function Contacts({ title, users }: { title: string; users: ContactUser[] | undefined }) {
  return (
    <Box>
      <Typography variant="subtitle2">{title}</Typography>
      {users && users.length > 0 ? (
        users.map((u) => (
          <Typography key={u.id} variant="body2">
            {u.fullName} · {u.email}
            {u.phone ? ` · ${phoneForDisplay(u.phone)}` : ''}
          </Typography>
        ))
      ) : (
        <Typography variant="body2" color="text.secondary">
          None
        </Typography>
      )}
    </Box>
  );
}

/**
 * Everything about an order (spec section 2, detail panel): its fields with times on the
 * imaging center's clock, the center's contacts and address, the site coordinators, the
 * rejection or cancellation reason and the notes.
 */
/** Another order, linked by its number. */
const orderLink = (o: { id: number; number: number }) => (
  <Link component={RouterLink} to={`/orders/${o.id}`}>
    #{o.number}
  </Link>
);

export function OrderDetails({ order }: { order: Order }) {
  const zone = order.imagingCenter.timezone;
  const at = (iso: string | null) => formatInstant(iso, zone);
  const address = order.imagingCenter.address;
  const reasonAction = reasonActionOf(order.status);
  const reasonRule = reasonAction && orderActionRules[reasonAction];
  const reason = reasonRule && { label: reasonRule.inputLabel, text: order[reasonRule.column] };
  const closedDay = closedDayOf(order);
  const fields: [string, ReactNode][] = [
    ['Order', `#${order.number}`],
    ['Status', orderStatusText(order)],
    ['Study', order.study.name],
    ['Site', order.site.name],
    ['Subject', order.subjectId],
    ['Timepoint', order.timePoint.name],
    ['Exam', order.exam.name],
    ['Drug', order.drug.name],
    ['CMO', order.cmo.name],
    ['Imaging center', order.imagingCenter.name],
    ['Calibration date-time', at(order.calibrationDatetime)],
    ['Requested activity', requestedActivityText(order)],
    ['Projected delivery', at(order.projectedDelivery)],
    ['Accepted', at(order.acceptedAt)],
    ['Delivered', at(order.deliveredAt)],
    ['Rejected', at(order.rejectedAt)],
    ['Canceled', at(order.canceledAt)],
    ['Created', at(order.createdAt)],
    // Issue 36: what the placement overrode, and the lost order this one orders again (or its replacement).
    ['Schedule', scheduleMarkerText(order, true)],
    ['Replaces', order.replacesOrder && orderLink(order.replacesOrder)],
    ['Replaced by', order.replacedByOrder && orderLink(order.replacedByOrder)],
  ];
  return (
    <Box sx={{ p: 1 }}>
      {closedDay && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="closed-day-notice">
          {messages.orderClosedDay(formatCalendarDate(closedDay.date), closedDay.reason)}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Times are on the imaging center's clock ({zone}).
      </Typography>
      <Grid container spacing={2}>
        {fields
          .filter(([, v]) => v)
          .map(([label, value]) => (
            <Grid key={label} size={{ xs: 6, sm: 4, md: 3 }}>
              <Field label={label}>{value}</Field>
            </Grid>
          ))}
        {showsDecay(order) && (
          <Grid size={12}>
            <OrderDecay order={order} />
          </Grid>
        )}
        {reason && (
          <Grid size={12}>
            <Field label={reason.label}>{reason.text}</Field>
          </Grid>
        )}
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography variant="subtitle2">Imaging center</Typography>
          <Typography variant="body2">
            {[address.line_1, address.line_2, address.city, address.state, address.zipCode, address.country]
              .filter(Boolean)
              .join(', ')}
          </Typography>
          {order.imagingCenter.phoneNumber && (
            <Typography variant="body2">{phoneForDisplay(order.imagingCenter.phoneNumber)}</Typography>
          )}
          <Box sx={{ mt: 1 }}>
            <Contacts title="Imaging center contacts" users={order.imagingCenter.contactUsers} />
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Contacts title="Site coordinators" users={order.coordinatorUsers} />
        </Grid>
        <Grid size={12}>
          <Field label="Additional notes">
            <OrderNotes notes={order.additionalNotes} />
          </Field>
        </Grid>
      </Grid>
    </Box>
  );
}
