import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../http/deps.ts';
import { appConfigRoutes } from './app-config/routes.ts';
import { auditLogRoutes } from './audit-logs/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { availabilityRoutes } from './availability/routes.ts';
import { checkInUseRoutes } from './check-in-use/routes.ts';
import { clinicalSiteRoutes, cmoRoutes, imagingCenterRoutes } from './companies/routes.ts';
import { drugRoutes } from './drugs/routes.ts';
import { examRoutes } from './exams/routes.ts';
import { groupRoutes } from './groups/routes.ts';
import { liveEventRoutes } from './live-events/routes.ts';
import { meRoutes } from './me/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { passwordRecoveryRoutes } from './password-recovery/routes.ts';
import { readinessRoutes } from './readiness/routes.ts';
import { reasonsForChangeRoutes } from './reasons-for-change/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { studiesRoutes } from './studies/routes.ts';
import { timepointRoutes } from './timepoints/routes.ts';
import { userRoutes } from './users/routes.ts';

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
  cmoRoutes,
  clinicalSiteRoutes,
  imagingCenterRoutes,
  timepointRoutes,
  drugRoutes,
  examRoutes,
  studiesRoutes,
  passwordRecoveryRoutes,
  availabilityRoutes,
  orderRoutes,
  groupRoutes,
  userRoutes,
  reportRoutes,
  liveEventRoutes,
];
