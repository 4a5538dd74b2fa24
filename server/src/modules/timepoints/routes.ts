import { timepointCreateBodySchema, timepointSchema, timepointUpdateBodySchema } from '@dosechain/contract';
import { configRoutes } from '../shared/config-routes.ts';
import { createTimepoint, getTimepoint, listTimepoints, updateTimepoint } from './service.ts';

/** `/timepoints`: list, create, read, rename. */
export const timepointRoutes = configRoutes({
  key: 'timepoints',
  item: timepointSchema,
  createBody: timepointCreateBodySchema,
  updateBody: timepointUpdateBodySchema,
  list: listTimepoints,
  get: getTimepoint,
  create: createTimepoint,
  update: updateTimepoint,
});
