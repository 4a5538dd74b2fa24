import { hasPermission, type MeUser, type OrderStatus } from '@dosechain/contract';

/** What a role's dashboard lists (spec section 2, Dashboard; section 9, default sorts). */
export interface DashboardGrid {
  heading: string;
  intro: string;
  statuses: readonly OrderStatus[];
  sortBy: 'calibration_datetime' | 'projected_delivery';
  emptyText: string;
}

/** The order grid of the user's current role, or undefined: the welcome text. */
export function dashboardGrid(user: MeUser): DashboardGrid | undefined {
  if (!hasPermission(user.permissions, 'order.read') && !hasPermission(user.permissions, 'orderStatus.read'))
    return undefined;
  switch (user.currentRole?.type) {
    case 'cmo':
      return {
        heading: 'Orders waiting for confirmation',
        intro: 'Pending orders placed for your company, the earliest calibration first.',
        statuses: ['pending'],
        sortBy: 'calibration_datetime',
        emptyText: 'No orders are waiting for confirmation',
      };
    case 'clinical_site':
    case 'imaging_center':
      return {
        // Shipped orders are on their way (issue 35): still expecting delivery, to be received.
        heading: 'Accepted orders',
        intro:
          'Your accepted and shipped orders and their expected delivery date, the earliest delivery first.',
        statuses: ['accepted', 'shipped'],
        sortBy: 'projected_delivery',
        emptyText: 'No accepted or shipped orders are expecting delivery',
      };
    case 'staff':
    case 'admin':
      return {
        heading: 'Orders for review',
        intro: 'Pending, accepted and shipped orders, the earliest calibration first.',
        statuses: ['pending', 'accepted', 'shipped'],
        sortBy: 'calibration_datetime',
        emptyText: 'No pending, accepted or shipped orders to review',
      };
    default:
      return undefined;
  }
}
