import fc from 'fast-check';
import { DEMO_PASSWORD } from '../helpers.ts';
import { policyPassword, unknownUsername } from './hints.ts';

/**
 * What the route fuzz needs to know beyond the schemas: the routes it leaves out and why, and
 * the routes whose inputs are narrowed so that the fuzz neither locks nor disarms the admin it
 * sends every request as.
 */

/** Routes that have no body, querystring or params schema: nothing to generate from. */
export const routesWithoutInput = [
  'GET /api/docs/',
  // swagger-ui's file server: its wildcard params schema is the plugin's JSON schema, not zod.
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/v1/openapi.json',
  'GET /api/v1/app-config',
  'GET /api/v1/health',
  'GET /api/v1/ready',
  // The scrape answers 401 to the admin's token; its own test sends METRICS_TOKEN.
  'GET /metrics',
  'GET /api/v1/users/me',
  'GET /api/v1/reasons-for-change',
  'GET /api/v1/orders/options',
  'GET /api/v1/order-statuses',
  'GET /api/v1/reports/orders-count/options',
  'GET /api/v1/reports/dose-accountability/options',
  'GET /api/v1/audit-logs/verify',
  'GET /api/v1/audit-logs/checkpoint',
  'GET /api/v1/mails/failed-count',
  // Live events: a stream (it never ends under app.inject); its one input, the Last-Event-ID
  // header, is tried with garbage in live-events.test.ts over a real connection.
  'GET /api/v1/events',
];

/**
 * Routes with an input schema that are not fuzzed, each with the reason: none. (`POST
 * /auth/logout` is fuzzed: its generated refresh tokens never name the admin's live session.)
 */
export const excludedRoutes: Record<string, string> = {};

export interface PartInputs {
  /** Valid values, instead of the schema's own. */
  valid?: fc.Arbitrary<unknown>;
  /** The valid values that near-misses break (default: `valid`). */
  nearMissBase?: fc.Arbitrary<unknown>;
  /** Top-level keys near-misses never break or drop. */
  keep?: readonly string[];
}

export interface RouteInputs {
  body?: PartInputs;
  querystring?: PartInputs;
  params?: PartInputs;
  /**
   * Demo users whose password and lock state the test puts back after a 2xx (a password change
   * that succeeded), so later requests still sign and log in with the demo password.
   */
  restoreUsers?: readonly string[];
}

const ACTIVE_DEMO_USERS = ['admin', 'staff', 'cmo', 'site', 'imaging', 'multi'] as const;

/**
 * A wrong password for an active user is a counted failure — a write on a 4xx by design (five
 * lock the account, spec section 1) — so wrong passwords go only to unknown usernames and to
 * the locked user (whose failures are no longer counted); the right one to every demo user.
 */
const unknownOrLocked = fc.oneof(unknownUsername, fc.constant('locked'));
const loginWithoutCounting = fc.record({
  username: unknownOrLocked,
  password: fc.string({ minLength: 1, maxLength: 20 }),
});
const rightLogin = fc.record({
  username: fc.constantFrom(...ACTIVE_DEMO_USERS, 'expired', 'locked'),
  password: fc.constant(DEMO_PASSWORD),
});

export function routeInputs(): Record<string, RouteInputs> {
  const newPassword = fc.oneof(policyPassword, fc.constant(DEMO_PASSWORD), fc.string({ maxLength: 12 }));
  const changeByUsername = fc.record({
    username: unknownOrLocked,
    currentPassword: fc.string({ minLength: 1, maxLength: 20 }),
    password: newPassword,
  });
  const byToken = fc.record({ token: fc.string({ minLength: 1, maxLength: 60 }), password: newPassword });
  return {
    'POST /api/v1/auth/login': {
      body: { valid: fc.oneof(loginWithoutCounting, rightLogin), nearMissBase: loginWithoutCounting },
    },
    'PUT /api/v1/users/password-change': {
      body: {
        valid: fc.oneof(
          byToken,
          changeByUsername,
          fc.record({
            username: fc.constant('expired'),
            currentPassword: fc.constant(DEMO_PASSWORD),
            password: newPassword,
          }),
        ),
        nearMissBase: fc.oneof(byToken, changeByUsername),
      },
      restoreUsers: ['expired'],
    },
    'PUT /api/v1/users/me/password': {
      body: {
        valid: fc.tuple(newPassword, fc.boolean()).map(([password, same]) => ({
          currentPassword: DEMO_PASSWORD,
          password,
          passwordConfirmation: same ? password : `${password}x`,
        })),
        keep: ['currentPassword'],
      },
      restoreUsers: ['admin'],
    },
    // The params aim at the other users (existing ids), but a random id may be the admin's own.
    'PUT /api/v1/users/:id': { restoreUsers: ['admin'] },
  };
}
