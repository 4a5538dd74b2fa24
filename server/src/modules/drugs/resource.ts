import { drugCreateBodySchema, drugSchema, drugUpdateBodySchema } from '@dosechain/contract';
import { drugs } from '../../kernel/db/schema.ts';
import { defineConfigResource, uniqueNameOf } from '../shared/index.ts';
import { createDrug, getDrug, listDrugs, updateDrug } from './service.ts';

/** `/drugs`: list, create, read, update (toggle). */
export default defineConfigResource({
  key: 'drugs',
  schemas: { item: drugSchema, create: drugCreateBodySchema, update: drugUpdateBodySchema },
  list: listDrugs,
  get: getDrug,
  create: createDrug,
  update: updateDrug,
  unique: uniqueNameOf(drugs),
});
