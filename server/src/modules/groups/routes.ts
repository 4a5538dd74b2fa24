import { groupCreateBodySchema, groupSchema, groupUpdateBodySchema } from '@dosechain/contract';
import { configRoutes } from '../shared/config-routes.ts';
import { createGroup, getGroup, listGroups, updateGroup } from './service.ts';

/** `/groups`: list, create, read, update (toggle), with staff/admin and userManagement.*. */
export const groupRoutes = configRoutes({
  key: 'groups',
  item: groupSchema,
  createBody: groupCreateBodySchema,
  updateBody: groupUpdateBodySchema,
  list: listGroups,
  get: getGroup,
  create: createGroup,
  update: updateGroup,
});
