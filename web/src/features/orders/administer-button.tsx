import {
  hasPermission,
  isCompanyRole,
  type Order,
  type Permissions,
  type RoleType,
} from '@dosechain/contract';
import VaccinesIcon from '@mui/icons-material/Vaccines';
import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useAuth } from '../../auth/auth-context.tsx';

const AdministerDialog = lazy(() =>
  import('./administer-dialog.tsx').then((m) => ({ default: m.AdministerDialog })),
);

/**
 * Whether the user may record (or correct) the administration of an order in the current role:
 * a delivered order, with the permission of a delivery, as its imaging center, staff or admin
 * (decision 058).
 */
export function mayAdminister(
  order: Pick<Order, 'status'>,
  permissions: Permissions,
  roleType: RoleType | null,
): boolean {
  if (roleType === null || order.status !== 'delivered') return false;
  if (!hasPermission(permissions, 'orderStatus.create')) return false;
  return !isCompanyRole(roleType) || roleType === 'imaging_center';
}

/** The order detail page's Administer button (Correct administration once one is recorded) and its dialog. */
export function AdministerButton({ order }: { order: Order }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!user || !mayAdminister(order, user.permissions, user.currentRole?.type ?? null)) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<VaccinesIcon />} onClick={() => setOpen(true)}>
        {order.administration ? 'Correct administration' : 'Administer'}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AdministerDialog order={order} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
