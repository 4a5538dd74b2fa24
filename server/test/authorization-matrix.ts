/**
 * The authorization matrix: who may call each route, written from the spec (section 2 route
 * table, section 6 roles and permissions), the API contract and the demo groups — never read
 * off the code it checks. `authorization-matrix.test.ts` sends every route as every role and
 * fails on any difference, and on any registered route missing here.
 *
 * To add a route: add a row `'METHOD /full/path/:param': row`, the row being one of the named
 * rows below or a literal `[anonymous, admin, staff, cmo, site, imaging, none, multiCmo,
 * multiSite, cmoInEveryGroup, noRole]` of:
 *   Y  allowed   — passes authorization (any answer but 401/403: 200, 400, 404, 409…)
 *   N  forbidden — 403 FORBIDDEN (NO_ROLE in the noRole column)
 *   L  login     — 401 UNAUTHENTICATED (only the anonymous column)
 * Columns: no token; the demo users admin, staff, cmo (Boston CMO), site (Chicago site),
 * imaging (Chicago imaging center); `none`, an active company user in no group; the demo user
 * `multi` acting in its CMO role (Pacific) and in its clinical-site role (Rocky Mountain) — its
 * groups are CMO Users and Site Users, and each role may use only what its type's ceiling allows
 * (issue 16, docs/decisions/014); `cmoInEveryGroup`, a Boston CMO user in every demo group,
 * Administrators included, who still acts only as a CMO; and `noRole`, a user in every demo group
 * with no role who is neither staff nor admin, who may do nothing but look after their account.
 * Each route is sent with ids that do not exist and a body with an unknown field, so an
 * allowed call is refused (400/404) before it can change anything. A streaming route (its 200
 * is text/event-stream) is allowed when its stream opens; the probe then drops it.
 */

import { configResourceKeys, configResources, type Permission } from '@dosechain/contract';

export type Outcome = 'allowed' | 'forbidden' | 'unauthenticated';
export const matrixColumns = [
  'anonymous',
  'admin',
  'staff',
  'cmo',
  'site',
  'imaging',
  'none',
  'multiCmo',
  'multiSite',
  'cmoInEveryGroup',
  'noRole',
] as const;
export type MatrixColumn = (typeof matrixColumns)[number];
export type MatrixRow = readonly Outcome[] & { length: typeof matrixColumns.length };

const Y = 'allowed';
const N = 'forbidden';
const L = 'unauthenticated';

const publicRoute = [Y, Y, Y, Y, Y, Y, Y, Y, Y, Y, Y] as const satisfies MatrixRow;
/** Any logged-in user, with or without permissions. */
const anyUser = [L, Y, Y, Y, Y, Y, Y, Y, Y, Y, Y] as const satisfies MatrixRow;
/** order.read: every demo group reads orders (company scope applies). */
const orderRead = [L, Y, Y, Y, Y, Y, N, Y, Y, Y, N] as const satisfies MatrixRow;
/** orderStatus.read: every demo group but the ungrouped user's (the Order status screen; company scope applies). */
const orderStatusRead = [L, Y, Y, Y, Y, Y, N, Y, Y, Y, N] as const satisfies MatrixRow;
/** order.create: site and imaging users (and admin, who has every permission); never a CMO role. */
const orderCreate = [L, Y, N, N, Y, Y, N, N, Y, N, N] as const satisfies MatrixRow;
/** Staff/admin with a permission staff's group holds (config, availability, audit, reports, user-management read). */
const staffAdmin = [L, Y, Y, N, N, N, N, N, N, N, N] as const satisfies MatrixRow;
/** Staff/admin with a permission only admin's group holds (userManagement.create/update). */
const adminOnly = [L, Y, N, N, N, N, N, N, N, N, N] as const satisfies MatrixRow;
/** cmoAcknowledgement.create / .update: CMO users (and admin). */
const cmoAction = [L, Y, N, Y, N, N, N, Y, N, Y, N] as const satisfies MatrixRow;
/** orderStatus.create: CMO users and staff, who record deliveries (issue 6), and admin. */
const deliverAction = [L, Y, Y, Y, N, N, N, Y, N, Y, N] as const satisfies MatrixRow;
/**
 * Any order action's permission (cmoAcknowledgement.create, orderStatus.create or
 * orderCancel.create), as the status routes declare it; each item's own action is checked in the
 * service (answered per item by the batch).
 */
const anyOrderAction = [L, Y, Y, Y, Y, Y, N, Y, Y, Y, N] as const satisfies MatrixRow;
/** orderCancel.create: site and imaging users (and admin). */
const cancelAction = [L, Y, N, N, Y, Y, N, N, Y, N, N] as const satisfies MatrixRow;
/** Subjects due (issue 36): sites and imaging centers (order.create), staff and admin (config.read); never a CMO. */
const subjectsDue = [L, Y, Y, N, Y, Y, N, N, Y, N, N] as const satisfies MatrixRow;

/**
 * Prometheus's scrape: only METRICS_TOKEN opens it, never a user's token (outside /api/v1 and
 * the permission system), so every column is refused.
 */
const metricsScrape = [L, L, L, L, L, L, L, L, L, L, L] as const satisfies MatrixRow;

/** A configuration resource's list, create, read and update (section 6: staff/admin only). */
const configResource = (path: string, read: MatrixRow, create: MatrixRow, update = create) => ({
  [`GET /api/v1/${path}`]: read,
  [`POST /api/v1/${path}`]: create,
  [`GET /api/v1/${path}/:id`]: read,
  [`PUT /api/v1/${path}/:id`]: update,
});

/**
 * Who holds each permission a configuration entity may need, from section 6 and the demo
 * groups: configuration and user management are staff/admin only; staff's group reads both and
 * writes configuration, only admin's group writes user management. A registry entry needing
 * another permission has no row here, and its routes fail by name below.
 */
const rowOfPermission: Partial<Record<Permission, MatrixRow>> = {
  'config.read': staffAdmin,
  'config.create': staffAdmin,
  'config.update': staffAdmin,
  'userManagement.read': staffAdmin,
  'userManagement.create': adminOnly,
  'userManagement.update': adminOnly,
};

/** The row of a route that needs exactly this one permission (and staff/admin), if the table has it. */
function rowOf(requirement: { permissions?: readonly Permission[]; roles?: readonly string[] }) {
  const [permission, ...more] = requirement.permissions ?? [];
  const staffAdminOnly = requirement.roles?.join() === 'staff,admin';
  return permission && more.length === 0 && staffAdminOnly ? rowOfPermission[permission] : undefined;
}

/**
 * The four routes of every configuration entity of the contract's registry, each row from the
 * permission its entry asks for. Missing rows (an unknown permission) are left out, so the
 * entity's routes fail "has a row for every registered route" by name.
 */
const configEntities = Object.fromEntries(
  configResourceKeys.flatMap((key) => {
    const { access } = configResources[key];
    const [read, create, update] = [rowOf(access.read), rowOf(access.create), rowOf(access.update)];
    return read && create && update ? Object.entries(configResource(key, read, create, update)) : [];
  }),
) as Record<string, MatrixRow>;

/** Every registered route. A HEAD route answers as its GET and is covered by the GET row. */
export const authorizationMatrix: Record<string, MatrixRow> = {
  // API documentation (api-contract: served at /api/v1/openapi.json, browsable at /api/docs).
  'GET /api/docs': publicRoute,
  'GET /api/docs/static/index.html': publicRoute,
  'GET /api/docs/static/swagger-initializer.js': publicRoute,
  'GET /api/docs/static/*': publicRoute,
  'GET /api/docs/json': publicRoute,
  'GET /api/docs/yaml': publicRoute,
  'GET /api/v1/openapi.json': publicRoute,
  'GET /api/v1/app-config': publicRoute,
  'GET /api/v1/health': publicRoute,
  'GET /api/v1/ready': publicRoute,
  // Metrics (issue 20): METRICS_TOKEN only; the test apps set one, so the route is registered.
  'GET /metrics': metricsScrape,

  // Login and recovery: public (section 2 access rules; api-contract authentication).
  'POST /api/v1/auth/login': publicRoute,
  'POST /api/v1/auth/refresh': publicRoute,
  'POST /api/v1/auth/logout': publicRoute,
  'POST /api/v1/users/password-recovery': publicRoute,
  'POST /api/v1/validate-token': publicRoute,
  'PUT /api/v1/users/password-change': publicRoute,

  // The current user and shared lookups: any logged-in user (profile screens need no permission;
  // the profile form checks its e-mail with check-in-use; every status label and reason is shared).
  'GET /api/v1/users/me': anyUser,
  'PUT /api/v1/users/me': anyUser,
  'PUT /api/v1/users/me/role': anyUser,
  'PUT /api/v1/users/me/password': anyUser,
  'GET /api/v1/check-in-use': anyUser,
  'GET /api/v1/reasons-for-change': anyUser,
  'GET /api/v1/order-statuses': anyUser,

  // Orders (section 2: /place-order needs order.create, order detail order.read).
  'GET /api/v1/orders': orderRead,
  'GET /api/v1/orders/:id': orderRead,
  'POST /api/v1/orders/:id/notifications': cmoAction,
  /** orderStatus.create, as deliveries; the service lets only the imaging center (and staff) record it. */
  'PUT /api/v1/orders/:id/administration': deliverAction,
  'POST /api/v1/orders/status-batch': anyOrderAction,
  'POST /api/v1/orders': orderCreate,
  'GET /api/v1/orders/options': orderCreate,
  'GET /api/v1/drug-availabilities/search': orderCreate,
  // Live events (issue 22): whoever has a screen they refresh — order.read, order.create or
  // availability read; every demo group has one of them (events are scoped per role inside).
  'GET /api/v1/events': orderRead,

  // Availability (staff/admin, cmoManufactureAvailability read / create / update).
  ...configResource('drug-availabilities', staffAdmin, staffAdmin),
  // Its manufacturing exceptions (issue 21): read with it, changed by whoever may update it.
  'GET /api/v1/drug-availabilities/:id/exceptions': staffAdmin,
  'POST /api/v1/drug-availabilities/:id/exceptions': staffAdmin,
  'PUT /api/v1/drug-availabilities/:id/exceptions/:exceptionId': staffAdmin,
  'DELETE /api/v1/drug-availabilities/:id/exceptions/:exceptionId': staffAdmin,

  // Configuration and user management (staff/admin): every entity of the registry.
  ...configEntities,
  'GET /api/v1/studies/:id/pairings': staffAdmin,
  'POST /api/v1/studies/:id/pairings': staffAdmin,
  'DELETE /api/v1/studies/:id/pairings/:pairingId': staffAdmin,
  'GET /api/v1/studies/:id/schedule': staffAdmin,
  'PUT /api/v1/studies/:id/schedule': staffAdmin,
  'GET /api/v1/orders/window': orderCreate,
  'GET /api/v1/subjects/due': subjectsDue,
  'GET /api/v1/studies/:id/sites': staffAdmin,
  // A study's integration API keys (issue 22, decision 027): staff/admin, as the study's configuration.
  'GET /api/v1/studies/:id/api-keys': staffAdmin,
  'POST /api/v1/studies/:id/api-keys': staffAdmin,
  'PUT /api/v1/studies/:id/api-keys/:keyId/revoke': staffAdmin,
  'GET /api/v1/studies/:id/webhooks': staffAdmin,
  'POST /api/v1/studies/:id/webhooks': staffAdmin,
  'PUT /api/v1/studies/:id/webhooks/:webhookId/disable': staffAdmin,
  'GET /api/v1/studies/:id/webhooks/:webhookId/deliveries': staffAdmin,
  'POST /api/v1/studies/:id/webhooks/:webhookId/deliveries/:deliveryId/resend': staffAdmin,

  // User management (staff/admin; staff's group only reads it).
  'PUT /api/v1/users/:id/unlock': adminOnly,

  // Audit trail (staff/admin, auditTrail.read).
  'GET /api/v1/audit-logs/changeset/:entityType/:entityId': staffAdmin,
  'GET /api/v1/audit-logs/verify': staffAdmin,
  // Its checkpoint, and verification against one (issue 31): the same as the verification.
  'POST /api/v1/audit-logs/verify': staffAdmin,
  'GET /api/v1/audit-logs/checkpoint': staffAdmin,

  // Reports (staff/admin, reports.read).
  'GET /api/v1/reports/orders-count': staffAdmin,
  'GET /api/v1/reports/orders-count/options': staffAdmin,
  // The dose accountability report (issue 35, decision 060): whoever reads the Order status
  // screen (orderStatus.read), each role in its company scope.
  'GET /api/v1/reports/dose-accountability': orderStatusRead,
  'GET /api/v1/reports/dose-accountability/doses': orderStatusRead,
  'GET /api/v1/reports/dose-accountability/options': orderStatusRead,

  // Notification log (issue 22): staff/admin who read the CMO acknowledgement area, also to
  // resend a failed mail (e-signed and audited; docs/decisions/028).
  'GET /api/v1/mails': staffAdmin,
  'GET /api/v1/mails/failed-count': staffAdmin,
  'GET /api/v1/mails/:id': staffAdmin,
  'POST /api/v1/mails/:id/resend': staffAdmin,
};

/**
 * The sign-in with the organisation's OpenID provider (issue 38, decision 056): registered only
 * when OIDC_* are set, so the matrix's app is built with a provider (oidc-provider on loopback).
 * Starting a sign-in, the provider's callback, the hand-off and the provider's logout are public
 * (the login page's); starting a re-authentication to sign is any logged-in user's (a user not
 * linked to the provider is answered 400).
 */
export const oidcRoutesMatrix: Record<string, MatrixRow> = {
  'GET /api/v1/auth/oidc/login': publicRoute,
  'GET /api/v1/auth/oidc/callback': publicRoute,
  'POST /api/v1/auth/oidc/session': publicRoute,
  'GET /api/v1/auth/oidc/logout': publicRoute,
  'POST /api/v1/auth/oidc/signature': anyUser,
};

/**
 * Routes other branches are adding: checked when registered, tolerated while not. Move a row
 * up into `authorizationMatrix` once its route is on main.
 */
export const comingRoutes: Record<string, MatrixRow> = {};

/** The status change route is authorized per requested status (section 4's table). */
export const statusChangeRoute = 'PUT /api/v1/orders/:id/status';
export const statusChangeMatrix: Record<
  'accepted' | 'rejected' | 'shipped' | 'delivered' | 'canceled',
  MatrixRow
> = {
  accepted: cmoAction, // cmoAcknowledgement.create
  rejected: cmoAction, // cmoAcknowledgement.create
  shipped: deliverAction, // orderStatus.create, the order's CMO (issue 35)
  delivered: deliverAction, // orderStatus.create
  canceled: cancelAction, // orderCancel.create
};
