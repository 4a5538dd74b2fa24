import {
  actionAllowedFrom,
  hasPermission,
  isCompanyRole,
  type OrderAction,
  type OrderStatus,
  type OrderStatusChangeBody,
  orderActionRules,
  orderActions,
  type Permissions,
  type RoleType,
  roleMayTakeAction,
} from '@dosechain/contract';

/**
 * The actions the web has no dialog for yet: not offered, so no button is shown that cannot
 * succeed (decision 058 kept Ship here until its dialog came; none is left).
 */
export const actionsWithoutDialog: readonly OrderAction[] = [];

/**
 * The actions a user may take on an order in `status`: those the contract's action table starts
 * from that status, whose permission the user holds in the current role and of which that role is
 * a party (a CMO never cancels, a site never delivers), in the table's order, less those the web
 * has no dialog for. No role: none.
 */
export function visibleOrderActions(
  status: OrderStatus,
  permissions: Permissions,
  roleType: RoleType | null,
): OrderAction[] {
  if (roleType === null) return [];
  return orderActions.filter(
    (a) =>
      !actionsWithoutDialog.includes(a) &&
      actionAllowedFrom(a, status) &&
      hasPermission(permissions, orderActionRules[a].permission) &&
      roleMayTakeAction(roleType, a),
  );
}

/** What an action dialog holds: the picker's local date and time with a zone, or a comment. */
export interface OrderActionValues {
  date?: string | null;
  time?: string | null;
  timezone?: string | null;
  comment?: string;
  reasonForChange?: string;
  electronicSignature?: string;
  /** A shipment's record (Ship, issue 35): wall clocks `YYYY-MM-DDTHH:mm` in `timezone`. */
  shipment?: {
    lotNumber: string;
    assayedActivity?: number | null;
    assayedAt?: string | null;
    expiresAt: string;
    courier?: string;
    trackingNumber?: string;
  };
  /** A delivery's receipt (Deliver, issue 35): the received assay at a wall clock in `timezone`, the package. */
  receipt?: {
    receivedActivity?: number | null;
    receivedAt?: string | null;
    packageCondition?: 'intact' | 'damaged' | null;
  };
}

/**
 * The `PUT /orders/{id}/status` body of an action: the wall-clock `YYYY-MM-DDTHH:mm` and the
 * chosen zone as entered (the server converts them, decision 011), or the comment.
 */
export function statusChangeBody(action: OrderAction, values: OrderActionValues): OrderStatusChangeBody {
  const rule = orderActionRules[action];
  const signature = {
    ...(values.reasonForChange ? { reasonForChange: values.reasonForChange } : {}),
    ...(values.electronicSignature ? { electronicSignature: values.electronicSignature } : {}),
  };
  if (rule.needs === 'comment')
    return { status: rule.to, comment: values.comment?.trim() ?? '', ...signature };
  const shipment = values.shipment;
  return {
    status: rule.to,
    relatedDatetime: `${values.date}T${values.time}`,
    ...(values.timezone ? { timezone: values.timezone } : {}),
    ...(shipment
      ? {
          lotNumber: shipment.lotNumber.trim(),
          ...(shipment.assayedActivity != null && shipment.assayedAt
            ? { assayedActivity: shipment.assayedActivity, assayedAt: shipment.assayedAt }
            : {}),
          expiresAt: shipment.expiresAt,
          ...(shipment.courier?.trim() ? { courier: shipment.courier.trim() } : {}),
          ...(shipment.trackingNumber?.trim() ? { trackingNumber: shipment.trackingNumber.trim() } : {}),
        }
      : {}),
    ...receiptBody(values),
    ...signature,
  };
}

/** A delivery's receipt fields and the reason of its deviation (a comment only when one was given). */
function receiptBody(values: OrderActionValues) {
  const receipt = values.receipt;
  if (!receipt) return {};
  const comment = values.comment?.trim();
  return {
    ...(receipt.receivedActivity != null && receipt.receivedAt
      ? { receivedActivity: receipt.receivedActivity, receivedAt: receipt.receivedAt }
      : {}),
    ...(receipt.packageCondition ? { packageCondition: receipt.packageCondition } : {}),
    ...(comment ? { comment } : {}),
  };
}

/**
 * Whether an order may be picked for bulk acknowledgement: a pending order the user may accept
 * and reject in the current role, of the role's own CMO (staff and admin: any pending order).
 */
export function selectableForAcknowledgement(
  order: { status: OrderStatus; cmo: { id: number } },
  permissions: Permissions,
  role: { type: RoleType; companyId: number | null } | null,
): boolean {
  if (!role) return false;
  const actions = visibleOrderActions(order.status, permissions, role.type);
  if (!actions.includes('accept') || !actions.includes('reject')) return false;
  return !isCompanyRole(role.type) || order.cmo.id === role.companyId;
}

/**
 * Whether an order may be picked for a bulk Ship (issue 35): one the user may ship in the current
 * role (the row's Ship button: an accepted order, `orderStatus.create`, the CMO as its party), of
 * the role's own CMO (staff and admin: any).
 */
export function selectableForShipping(
  order: { status: OrderStatus; cmo: { id: number } },
  permissions: Permissions,
  role: { type: RoleType; companyId: number | null } | null,
): boolean {
  if (!role || !visibleOrderActions(order.status, permissions, role.type).includes('ship')) return false;
  return !isCompanyRole(role.type) || order.cmo.id === role.companyId;
}

/** Whether the role may ship at all (the bulk Ship button): Ship is offered on an accepted order. */
export function mayShip(permissions: Permissions, roleType: RoleType | null): boolean {
  return visibleOrderActions('accepted', permissions, roleType).includes('ship');
}

/**
 * The picked orders a bulk action takes (those it starts from) and the note that counts those it
 * leaves out: Ship takes the accepted ones of a selection that also holds pending ones. `label`
 * names the action(s) in the note.
 */
export function bulkTargets<T extends { status: OrderStatus }>(
  selected: readonly T[],
  action: OrderAction,
  label: string = orderActionRules[action].label,
): { orders: T[]; note: string | undefined } {
  const orders = selected.filter((o) => actionAllowedFrom(action, o.status));
  const left = selected.length - orders.length;
  const from = orderActionRules[action].from.join(' or ');
  const note =
    left === 0
      ? undefined
      : `${left} selected ${left === 1 ? 'order' : 'orders'} not ${from}, left out of ${label}`;
  return { orders, note };
}
