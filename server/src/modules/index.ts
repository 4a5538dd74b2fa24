import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../kernel/http/deps.ts';
import { apiKeyRoutes } from './api-keys/routes.ts';
import { appConfigRoutes } from './app-config/routes.ts';
import { auditLogRoutes } from './audit-trail/routes.ts';
import { availabilityRoutes } from './availability/routes.ts';
import { checkInUseRoutes } from './check-in-use/routes.ts';
import { configResourceRoutes } from './config-resources.ts';
import { liveEventRoutes } from './live-events/routes.ts';
import { authRoutes } from './login/routes.ts';
import { mailRoutes } from './mail-log/routes.ts';
import { meRoutes } from './me/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { passwordRecoveryRoutes } from './password-recovery/routes.ts';
import { readinessRoutes } from './readiness/routes.ts';
import { reasonsForChangeRoutes } from './reasons-for-change/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { scheduleRoutes } from './schedule/routes.ts';
import { webhookRoutes } from './webhook-subscriptions/routes.ts';

export type ApiModule = (app: FastifyInstance, deps: AppDeps) => Promise<void> | void;

/** Every API module, registered under /api/v1. */
export const apiModules: ApiModule[] = [
  appConfigRoutes,
  readinessRoutes,
  authRoutes,
  meRoutes,
  checkInUseRoutes,
  reasonsForChangeRoutes,
  auditLogRoutes,
  // Every configuration entity of the contract's registry (modules/<key>/resource.ts).
  configResourceRoutes,
  passwordRecoveryRoutes,
  availabilityRoutes,
  orderRoutes,
  scheduleRoutes,
  reportRoutes,
  liveEventRoutes,
  apiKeyRoutes,
  mailRoutes,
  webhookRoutes,
];
