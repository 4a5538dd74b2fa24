import {
  errorBodySchema,
  idParam,
  STAFF_ADMIN,
  userCreateBodySchema,
  userSchema,
  userUnlockBodySchema,
  userUpdateBodySchema,
} from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceContext } from '../../http/context.ts';
import type { AppDeps } from '../../http/deps.ts';
import { configRoutes } from '../shared/config-routes.ts';
import { createUser, getUser, listUsers, unlockUser, updateUser } from './service.ts';

const userResourceRoutes = configRoutes({
  key: 'users',
  item: userSchema,
  createBody: userCreateBodySchema,
  updateBody: userUpdateBodySchema,
  list: listUsers,
  get: getUser,
  create: createUser,
  update: updateUser,
});

/** `/users`: list, create, read, update (toggle), and `PUT /users/{id}/unlock`. */
export function userRoutes(app: FastifyInstance, deps: AppDeps): void {
  userResourceRoutes(app, deps);
  app.withTypeProvider<ZodTypeProvider>().put(
    '/users/:id/unlock',
    {
      config: { access: { permissions: ['userManagement.update'], roles: STAFF_ADMIN } },
      schema: {
        tags: ['users'],
        params: idParam,
        body: userUnlockBodySchema,
        response: {
          200: userSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    (request) => unlockUser(serviceContext(request, deps), request.params.id, request.body),
  );
}
