import { type Order, type OrderAction, orderActionRules } from '@dosechain/contract';
import { Button, IconButton, Tooltip } from '@mui/material';
import { useAuth } from '../../auth/auth-context.tsx';
import { OrderActionIcon } from './order-action-icon.tsx';
import { visibleOrderActions } from './order-actions.ts';

/** The actions the order's status and the user's permissions allow, as icons (grid) or buttons (detail page). */
export function OrderActionButtons({
  order,
  onAction,
  variant = 'icon',
}: {
  order: Order;
  onAction: (action: OrderAction) => void;
  variant?: 'icon' | 'button';
}) {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      {visibleOrderActions(order.status, user.permissions, user.currentRole?.type ?? null).map((action) => {
        const label = orderActionRules[action].label;
        return variant === 'icon' ? (
          <Tooltip key={action} title={label}>
            <IconButton aria-label={label} onClick={() => onAction(action)}>
              <OrderActionIcon action={action} />
            </IconButton>
          </Tooltip>
        ) : (
          <Button
            key={action}
            variant="outlined"
            startIcon=<OrderActionIcon action={action} />
            onClick={() => onAction(action)}
          >
            {label}
          </Button>
        );
      })}
    </>
  );
}
