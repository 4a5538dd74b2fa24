import { exceptionAffectedFilter, type Order } from '@dosechain/contract';
import { Button, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useAuth } from '../../auth/auth-context.tsx';
import type { BulkAction } from './bulk-acknowledge-dialog.tsx';
import { BulkShipButton } from './bulk-ship-button.tsx';
import { OrderActionIcon } from './order-action-icon.tsx';
import {
  bulkTargets,
  mayShip,
  selectableForAcknowledgement,
  selectableForShipping,
} from './order-actions.ts';
import { OrdersGrid } from './orders-grid.tsx';

// The bulk dialog (its form, date-time and zone fields) loads when first opened, as the grid's
// single-order dialog does: the page's first rows need none of it.
const BulkAcknowledgeDialog = lazy(() =>
  import('./bulk-acknowledge-dialog.tsx').then((m) => ({ default: m.BulkAcknowledgeDialog })),
);

/**
 * CMO Acknowledgement: the orders of the CMO process, to accept or reject one by one or, picked
 * with the row checkboxes, several at once under one e-signature; accepted ones picked are
 * shipped together the same way (issue 35), by a role that may ship.
 */
export default function CmoOrdersPage() {
  const { user } = useAuth();
  const [selected, setSelected] = useState<Order[]>([]);
  const [bulk, setBulk] = useState<{ action: BulkAction; orders: Order[] }>();
  const role = user?.currentRole ?? null;
  const canSelect = useCallback(
    (order: Order) => {
      if (!user) return false;
      const acting = role && { type: role.type, companyId: role.companyId };
      return (
        selectableForAcknowledgement(order, user.permissions, acting) ||
        selectableForShipping(order, user.permissions, acting)
      );
    },
    [user, role],
  );
  const ships = user !== null && mayShip(user.permissions, role?.type ?? null);
  const selection = useMemo(() => ({ canSelect, selected, onChange: setSelected }), [canSelect, selected]);
  const anySelectable = user !== null && role !== null;
  // The batch is over: its orders leave the selection (the results dialog says what became of each).
  const onDone = () => setSelected([]);
  const count = selected.length;
  // Accept and Reject take the pending orders picked, Ship the accepted ones.
  const acknowledged = bulkTargets(selected, 'accept', 'Accept and Reject');
  // Pending and accepted orders on a day that became a day with no manufacture (issue 21).
  const [affected, setAffected] = useState(false);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1">
          CMO Acknowledgement
        </Typography>
        <FormControlLabel
          control={<Switch checked={affected} onChange={(e) => setAffected(e.target.checked)} />}
          label="Affected by a manufacturing exception"
        />
      </Stack>
      {anySelectable && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{
            alignItems: 'center',
            flexWrap: 'wrap',
            // Stays under the app bar while the user picks rows further down the grid.
            position: 'sticky',
            top: (theme) => theme.spacing(8),
            zIndex: (theme) => theme.zIndex.appBar - 1,
            bgcolor: 'background.default',
            py: 1,
          }}
          role="toolbar"
          aria-label="Selected orders"
        >
          <Typography variant="body2" color="text.secondary" sx={{ minWidth: 150 }}>
            {count > 0
              ? `${count} selected`
              : ships
                ? 'Select pending orders to acknowledge, accepted to ship'
                : 'Select pending orders to acknowledge several at once'}
          </Typography>
          <Button
            variant="contained"
            color="success"
            startIcon={<OrderActionIcon action="accept" plain />}
            disabled={acknowledged.orders.length === 0}
            onClick={() => setBulk({ action: 'accept', orders: acknowledged.orders })}
          >
            Accept selected
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<OrderActionIcon action="reject" plain />}
            disabled={acknowledged.orders.length === 0}
            onClick={() => setBulk({ action: 'reject', orders: acknowledged.orders })}
          >
            Reject selected
          </Button>
          {acknowledged.note && (
            <Typography variant="caption" color="text.secondary">
              {acknowledged.note}
            </Typography>
          )}
          {ships && <BulkShipButton selected={selected} onDone={onDone} />}
        </Stack>
      )}
      <OrdersGrid
        key={affected ? 'affected' : 'all'}
        title="CMO Acknowledgement"
        detailBase="/cmo/orders"
        selection={selection}
        baseFilter={affected ? exceptionAffectedFilter() : undefined}
        emptyText={affected ? 'No orders affected by a manufacturing exception' : undefined}
      />
      {bulk && (
        <Suspense fallback={null}>
          <BulkAcknowledgeDialog
            orders={bulk.orders}
            action={bulk.action}
            onClose={() => setBulk(undefined)}
            onDone={onDone}
          />
        </Suspense>
      )}
    </Stack>
  );
}
