import { drugCreateBodySchema, drugSchema, drugUpdateBodySchema } from '@dosechain/contract';
import { configRoutes } from '../shared/config-routes.ts';
import { createDrug, getDrug, listDrugs, updateDrug } from './service.ts';

/** `/drugs`: list, create, read, update. */
export const drugRoutes = configRoutes({
  key: 'drugs',
  item: drugSchema,
  createBody: drugCreateBodySchema,
  updateBody: drugUpdateBodySchema,
  list: listDrugs,
  get: getDrug,
  create: createDrug,
  update: updateDrug,
});
