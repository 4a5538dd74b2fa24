import { lateOrdersFilter } from '@dosechain/contract';
import { FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { LazyOrdersGrid, preloadOrdersGrid } from './lazy-orders-grid.tsx';

preloadOrdersGrid();

/** Order status: every order the role may see, with their status and the actions it allows. */
export default function OrderStatusPage() {
  // "Late only": accepted orders past their projected delivery as of the moment it was turned on.
  const [lateSince, setLateSince] = useState<Date>();
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h4" component="h1">
          Order status
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={lateSince !== undefined}
              onChange={(e) => setLateSince(e.target.checked ? new Date() : undefined)}
            />
          }
          label="Late deliveries only"
        />
      </Stack>
      <LazyOrdersGrid
        key={lateSince ? 'late' : 'all'}
        title="Order status"
        baseFilter={lateSince ? lateOrdersFilter(lateSince) : []}
        emptyText={lateSince ? 'No late deliveries' : undefined}
      />
    </Stack>
  );
}
