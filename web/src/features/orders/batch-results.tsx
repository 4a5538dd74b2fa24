import {
  type Order,
  type OrderAction,
  type OrderStatusBatchResult,
  orderActionRules,
  orderStatusLabels,
} from '@dosechain/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { useId } from 'react';

/** The text of one refused order: the field's message when there is one, else the refusal's. */
export function refusalText(result: Extract<OrderStatusBatchResult, { ok: false }>): string {
  return result.errors[0]?.message ?? result.message;
}

/** Each order's outcome after a batch: done, or refused with the reason. */
export function BatchResults({
  orders,
  action,
  results,
  onClose,
}: {
  orders: readonly Order[];
  action: OrderAction;
  results: OrderStatusBatchResult[];
  onClose: () => void;
}) {
  const titleId = useId();
  const numberOf = new Map(orders.map((o) => [o.id, o.number]));
  const done = results.filter((r) => r.ok).length;
  const verb = orderStatusLabels[orderActionRules[action].to].toLowerCase();
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Results</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {done} of {results.length} {results.length === 1 ? 'order' : 'orders'} {verb}.
        </Typography>
        <List dense aria-label="Results per order">
          {results.map((r) => (
            <ListItem key={r.orderId}>
              <ListItemIcon>
                {r.ok ? (
                  <CheckCircleIcon color="success" titleAccess="Done" />
                ) : (
                  <ErrorIcon color="error" titleAccess="Refused" />
                )}
              </ListItemIcon>
              <ListItemText
                primary={`Order #${numberOf.get(r.orderId) ?? r.orderId} ${r.ok ? orderStatusLabels[r.status].toLowerCase() : 'refused'}`}
                secondary={r.ok ? undefined : refusalText(r)}
                slotProps={{ secondary: { color: 'error' } }}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
