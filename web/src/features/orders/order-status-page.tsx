import { Stack, Typography } from '@mui/material';
import { OrdersGrid } from './orders-grid.tsx';

/** Order status: every order the role may see, with their status and the actions it allows. */
export default function OrderStatusPage() {
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Order status
      </Typography>
      <OrdersGrid title="Order status" />
    </Stack>
  );
}
