import { groupCreateBodySchema, groupSchema, groupUpdateBodySchema } from '@dosechain/contract';
import { groups } from '../../kernel/db/schema.ts';
import { defineConfigResource, uniqueNameOf } from '../shared/index.ts';
import { createGroup, getGroup, listGroups, updateGroup } from './service.ts';

/** `/groups`: list, create, read, update (toggle), with staff/admin and userManagement.*. */
export default defineConfigResource({
  key: 'groups',
  schemas: { item: groupSchema, create: groupCreateBodySchema, update: groupUpdateBodySchema },
  list: listGroups,
  get: getGroup,
  create: createGroup,
  update: updateGroup,
  unique: uniqueNameOf(groups),
});
