import type { FilterCondition } from '@dosechain/contract';
import ListAltIcon from '@mui/icons-material/ListAlt';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Tooltip,
} from '@mui/material';
import { useId, useState } from 'react';
import { Can } from '../../auth/can.tsx';
import { OrdersGrid } from './orders-grid.tsx';

const ACTIVE_ORDER_STATUSES = ['pending', 'accepted'] as const;

/**
 * View Related Orders (Availability and Exam pages): a row action opening the pending and
 * accepted orders of that item, in the orders grid fixed to it.
 */
export function RelatedOrdersAction({ title, filter }: { title: string; filter: FilterCondition }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <Can permissions={['order.read']}>
      <Tooltip title="View Related Orders">
        <IconButton aria-label="View Related Orders" onClick={() => setOpen(true)}>
          <ListAltIcon />
        </IconButton>
      </Tooltip>
      {open && (
        <Dialog open onClose={() => setOpen(false)} maxWidth="xl" fullWidth aria-labelledby={titleId}>
          <DialogTitle id={titleId}>{`Related Orders of ${title}`}</DialogTitle>
          <DialogContent dividers>
            <OrdersGrid
              title={`Related Orders of ${title}`}
              statuses={ACTIVE_ORDER_STATUSES}
              baseFilter={[filter]}
              emptyText="No pending or accepted orders"
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Close</Button>
          </DialogActions>
        </Dialog>
      )}
    </Can>
  );
}
