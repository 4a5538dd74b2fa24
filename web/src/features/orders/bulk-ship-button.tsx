import type { Order } from '@dosechain/contract';
import { Button, Stack, Typography } from '@mui/material';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { useAuth } from '../../auth/auth-context.tsx';
import type { RowSelection } from '../../components/data-table/data-table.tsx';
import { OrderActionIcon } from './order-action-icon.tsx';
import { bulkTargets, mayShip, selectableForShipping } from './order-actions.ts';

// The dialog (its form, date-time and zone fields) loads when first opened, as the other dialogs.
const BulkShipDialog = lazy(() =>
  import('./bulk-ship-dialog.tsx').then((m) => ({ default: m.BulkShipDialog })),
);

/**
 * "Ship selected" of a selection toolbar (issue 35): ships the picked accepted orders under one
 * e-signature; the picked orders it leaves out (not accepted) are counted in a note beside it.
 */
export function BulkShipButton({
  selected,
  onDone,
}: {
  selected: readonly Order[];
  /** The batch is over (some or all shipped): the page clears its selection. */
  onDone: () => void;
}) {
  const [open, setOpen] = useState<readonly Order[]>();
  const { orders, note } = bulkTargets(selected, 'ship');
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<OrderActionIcon action="ship" plain />}
        disabled={orders.length === 0}
        onClick={() => setOpen(orders)}
      >
        Ship selected{orders.length > 0 && orders.length !== selected.length ? ` (${orders.length})` : ''}
      </Button>
      {note && (
        <Typography variant="caption" color="text.secondary" data-testid="bulk-ship-note">
          {note}
        </Typography>
      )}
      {open && (
        <Suspense fallback={null}>
          <BulkShipDialog orders={open} onClose={() => setOpen(undefined)} onDone={onDone} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The Order status page's picking for a bulk Ship (issue 35): row checkboxes on the orders a CMO
 * role may ship and the toolbar with "Ship selected". Staff and admin, who review every order
 * there, keep the grid as it was (its columns fit 1280 px with the filters open): they ship in
 * bulk from CMO Acknowledgement, or a row at a time.
 */
export function useBulkShipSelection(): { selection?: RowSelection<Order>; toolbar: ReactNode } {
  const { user } = useAuth();
  const role = user?.currentRole ?? null;
  const [selected, setSelected] = useState<Order[]>([]);
  const canSelect = useCallback(
    (order: Order) =>
      Boolean(user) &&
      selectableForShipping(order, user!.permissions, role && { type: role.type, companyId: role.companyId }),
    [user, role],
  );
  const selection = useMemo(() => ({ canSelect, selected, onChange: setSelected }), [canSelect, selected]);
  if (!user || role?.type !== 'cmo' || !mayShip(user.permissions, role.type)) return { toolbar: null };
  const count = selected.length;
  const toolbar = (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="toolbar"
      aria-label="Selected orders"
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 150 }}>
        {count === 0 ? 'Select accepted orders to ship several at once' : `${count} selected`}
      </Typography>
      <BulkShipButton selected={selected} onDone={() => setSelected([])} />
    </Stack>
  );
  return { selection, toolbar };
}
