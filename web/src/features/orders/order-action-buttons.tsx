import { type Order, type OrderAction, orderActionRules } from '@dosechain/contract';
import { Button, IconButton } from '@mui/material';
import { useAuth } from '../../auth/auth-context.tsx';
import { OrderActionIcon } from './order-action-icon.tsx';
import { visibleOrderActions } from './order-actions.ts';

/**
 * The actions the order's status and the user's permissions allow, as icons (in a grid, with its
 * hints) or buttons (detail page).
 */
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
          // Inside a grid, whose one tooltip shows the hint (grid-hints.tsx).
          <IconButton key={action} aria-label={label} data-hint={label} onClick={() => onAction(action)}>
            <OrderActionIcon action={action} />
          </IconButton>
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
