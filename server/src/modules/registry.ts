import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../kernel/http/deps.ts';
import { apiKeyRoutes } from './api-keys/index.ts';
import { appConfigRoutes } from './app-config/index.ts';
import { auditLogRoutes } from './audit-trail/index.ts';
import { availabilityRoutes } from './availability/index.ts';
import { checkInUseRoutes } from './check-in-use/index.ts';
import { configResourceRoutes } from './config-resources/index.ts';
import { liveEventRoutes } from './live-events/index.ts';
import { authRoutes } from './login/index.ts';
import { mailRoutes } from './mail-log/index.ts';
import { meRoutes } from './me/index.ts';
import { orderRoutes } from './orders/index.ts';
import { passwordRecoveryRoutes } from './password-recovery/index.ts';
import { readinessRoutes } from './readiness/index.ts';
import { reasonsForChangeRoutes } from './reasons-for-change/index.ts';
import { reportRoutes } from './reports/index.ts';
import { scheduleRoutes } from './schedule/index.ts';
import { webhookRoutes } from './webhook-subscriptions/index.ts';

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
