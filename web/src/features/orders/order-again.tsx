import { hasPermission, isLostOrder, messages, type Order, roleMayPlaceOrders } from '@dosechain/contract';
import ReplayIcon from '@mui/icons-material/Replay';
import { Button, IconButton } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../auth/auth-context.tsx';

/**
 * Place order filled in to order a lost order again (issue 36): its study, site, exam, imaging
 * center, subject and timepoint, and the order it replaces; null when the order is not lost
 * (rejected, canceled, or waiting on a blacked-out day) or was already ordered again.
 */
export function orderAgainPath(order: Order): string | null {
  if (
    order.replacedByOrder ||
    !isLostOrder({ status: order.status, dayClosed: order.manufactureClosed !== null })
  )
    return null;
  return `/place-order?${new URLSearchParams({
    studyId: String(order.study.id),
    siteId: String(order.site.id),
    examId: String(order.exam.id),
    imagingCenterId: String(order.imagingCenter.id),
    subjectId: order.subjectId,
    timePointId: String(order.timePoint.id),
    replacesOrderId: String(order.id),
    replacesOrderNumber: String(order.number),
  })}`;
}

/** "Order again" for who may place orders, as an icon (a grid's row) or a button (the order's page). */
export function OrderAgainButton({ order, variant = 'icon' }: { order: Order; variant?: 'icon' | 'button' }) {
  const { user } = useAuth();
  const path = orderAgainPath(order);
  const role = user?.currentRole?.type;
  if (
    !path ||
    !user ||
    !role ||
    !roleMayPlaceOrders(role) ||
    !hasPermission(user.permissions, 'order.create')
  )
    return null;
  return variant === 'icon' ? (
    <IconButton
      aria-label={`${messages.orderAgain} #${order.number}`}
      data-hint={messages.orderAgain}
      component={RouterLink}
      to={path}
    >
      <ReplayIcon />
    </IconButton>
  ) : (
    <Button variant="outlined" startIcon={<ReplayIcon />} component={RouterLink} to={path}>
      {messages.orderAgain}
    </Button>
  );
}
