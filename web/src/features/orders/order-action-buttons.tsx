import { type Order, type OrderAction, orderActionRules } from '@dosechain/contract';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturb';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { Button, IconButton, Tooltip } from '@mui/material';
import type { ReactElement } from 'react';
import { useAuth } from '../../auth/auth-context.tsx';
import { visibleOrderActions } from './order-actions.ts';

const icons: Record<OrderAction, ReactElement> = {
  accept: <CheckCircleIcon color="success" />,
  reject: <DoNotDisturbIcon color="error" />,
  deliver: <LocalShippingIcon color="primary" />,
  cancel: <CancelIcon color="warning" />,
};

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
              {icons[action]}
            </IconButton>
          </Tooltip>
        ) : (
          <Button key={action} variant="outlined" startIcon={icons[action]} onClick={() => onAction(action)}>
            {label}
          </Button>
        );
      })}
    </>
  );
}
