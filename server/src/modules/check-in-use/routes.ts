import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';

// TODO(foundation): routes of this module are being written.
export function checkInUseRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
