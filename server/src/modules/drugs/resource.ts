import { drugs } from '../../db/schema.ts';
import { defineConfigResource } from '../shared/config-routes.ts';
import { uniqueNameOf } from '../shared/unique-name.ts';
import { createDrug, getDrug, listDrugs, updateDrug } from './service.ts';

/** `/drugs`: list, create, read, update (toggle). */
export default defineConfigResource({
  key: 'drugs',
  list: listDrugs,
  get: getDrug,
  create: createDrug,
  update: updateDrug,
  unique: uniqueNameOf(drugs),
});
