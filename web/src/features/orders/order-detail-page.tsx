import { messages, type Order, type OrderAction } from '@dosechain/contract';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { Can } from '../../auth/can.tsx';
import { AdministerButton } from './administer-button.tsx';
import { OrderJourney } from './journey/order-journey.tsx';
import { OrderActionButtons } from './order-action-buttons.tsx';
import { OrderActionDialog } from './order-action-dialog.tsx';
import { OrderAgainButton } from './order-again.tsx';
import { useOrder, useResendNotification } from './order-api.ts';
import { OrderDetails } from './order-details.tsx';
import { orderStatusText } from './order-lateness.ts';

function ResendButton({ order }: { order: Order }) {
  const resend = useResendNotification(order);
  return (
    <Button
      variant="outlined"
      startIcon={<SendIcon />}
      disabled={resend.isPending}
      onClick={() => resend.mutate()}
    >
      Resend notification
    </Button>
  );
}

/** One order (`/orders/:id`, `/cmo/orders/:id`): the panel's fields and actions, and resending its mail. */
export default function OrderDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const back = useLocation().pathname.startsWith('/cmo/')
    ? { to: '/cmo/orders', label: 'CMO Acknowledgement' }
    : { to: '/orders/status', label: 'Order status' };
  const order = useOrder(id, valid);
  const [action, setAction] = useState<OrderAction>();
  const backLink = (
    <Button component={RouterLink} to={back.to} sx={{ alignSelf: 'flex-start' }}>
      ← {back.label}
    </Button>
  );
  if (order.isLoading) return <CircularProgress aria-label="Loading" />;
  if (!order.data) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">{messages.notFound('Order')}</Alert>
        {backLink}
      </Stack>
    );
  }
  const o = order.data;
  return (
    <Stack spacing={2}>
      {backLink}
      <Typography variant="h4" component="h1">
        Order #{o.number} · {orderStatusText(o)}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <OrderActionButtons order={o} variant="button" onAction={setAction} />
        <AdministerButton order={o} />
        <OrderAgainButton order={o} variant="button" />
        <Can permissions={['cmoAcknowledgement.update']}>
          <ResendButton order={o} />
        </Can>
      </Stack>
      <Paper sx={{ p: 2 }}>
        <OrderDetails order={o} />
      </Paper>
      <Paper sx={{ p: 2 }}>
        <OrderJourney order={o} />
      </Paper>
      {action && <OrderActionDialog order={o} action={action} onClose={() => setAction(undefined)} />}
    </Stack>
  );
}
