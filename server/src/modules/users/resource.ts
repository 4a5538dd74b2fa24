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
import { users } from '../../kernel/db/schema.ts';
import { serviceContext } from '../../kernel/http/context.ts';
import type { AppDeps } from '../../kernel/http/deps.ts';
import { defineConfigResource } from '../shared/index.ts';
import { createUser, getUser, listUsers, unlockUser, updateUser } from './service.ts';

/** `PUT /users/{id}/unlock`. */
function unlockRoute(app: FastifyInstance, deps: AppDeps): void {
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

/** `/users`: list, create, read, update (toggle), and `PUT /users/{id}/unlock`. */
export default defineConfigResource({
  key: 'users',
  schemas: { item: userSchema, create: userCreateBodySchema, update: userUpdateBodySchema },
  list: listUsers,
  get: getUser,
  create: createUser,
  update: updateUser,
  unique: {
    username: { table: users, column: users.username, id: users.id },
    email: { table: users, column: users.email, id: users.id },
  },
  moreRoutes: unlockRoute,
});
