import { exceptionAffectedFilter, lateOrdersFilter, scheduleOverrideFilter } from '@dosechain/contract';
import { FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useBulkShipSelection } from './bulk-ship-button.tsx';
import { coreLabExport } from './core-lab-export.ts';
import { LazyOrdersGrid, preloadOrdersGrid } from './lazy-orders-grid.tsx';

preloadOrdersGrid();

/**
 * Order status: every order the role may see, with their status and the actions it allows; a role
 * that ships picks accepted orders to ship several at once.
 */
export default function OrderStatusPage() {
  // "Late only": accepted or shipped orders past their projected delivery as of the moment it was turned on.
  const [lateSince, setLateSince] = useState<Date>();
  // "Placed against the schedule": out of window or a duplicate timepoint, overridden (issue 36).
  const [overridden, setOverridden] = useState(false);
  // "Affected by a manufacturing exception": pending/accepted orders on a day with no manufacture
  // (the dashboard's banner opens the page with it on).
  const [params, setParams] = useSearchParams();
  const affected = params.get('exception') === 'affected';
  const setAffected = (on: boolean) =>
    setParams(
      (p) => {
        if (on) p.set('exception', 'affected');
        else p.delete('exception');
        return p;
      },
      { replace: true },
    );
  // A role that ships picks accepted orders to ship together (issue 35).
  const bulkShip = useBulkShipSelection();
  const filter = [
    ...(lateSince ? lateOrdersFilter(lateSince) : []),
    ...(affected ? exceptionAffectedFilter() : []),
    ...(overridden ? scheduleOverrideFilter() : []),
  ];
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1">
          Order status
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
          <FormControlLabel
            control={<Switch checked={affected} onChange={(e) => setAffected(e.target.checked)} />}
            label="Affected by a manufacturing exception"
          />
          <FormControlLabel
            control={
              <Switch
                checked={lateSince !== undefined}
                onChange={(e) => setLateSince(e.target.checked ? new Date() : undefined)}
              />
            }
            label="Late deliveries only"
          />
          <FormControlLabel
            control={<Switch checked={overridden} onChange={(e) => setOverridden(e.target.checked)} />}
            label="Placed against the schedule"
          />
        </Stack>
      </Stack>
      {bulkShip.toolbar}
      <LazyOrdersGrid
        key={`${lateSince ? 'late' : 'all'}-${affected ? 'affected' : 'any'}-${overridden ? 'overridden' : 'any'}`}
        title="Order status"
        baseFilter={filter}
        selection={bulkShip.selection}
        extraExports={[coreLabExport]}
        emptyText={
          affected
            ? 'No orders affected by a manufacturing exception'
            : lateSince
              ? 'No late deliveries'
              : overridden
                ? 'No orders placed against the schedule'
                : undefined
        }
      />
    </Stack>
  );
}
