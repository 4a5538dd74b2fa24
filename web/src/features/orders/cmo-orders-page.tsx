import { Stack, Typography } from '@mui/material';
import { OrdersGrid } from './orders-grid.tsx';

/** CMO Acknowledgement: the orders of the CMO process, to accept or reject. */
export default function CmoOrdersPage() {
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        CMO Acknowledgement
      </Typography>
      <OrdersGrid title="CMO Acknowledgement" detailBase="/cmo/orders" />
    </Stack>
  );
}
