import { timepointCreateBodySchema, timepointSchema, timepointUpdateBodySchema } from '@dosechain/contract';
import { timepoints } from '../../kernel/db/schema.ts';
import { defineConfigResource, uniqueNameOf } from '../shared/index.ts';
import { createTimepoint, getTimepoint, listTimepoints, updateTimepoint } from './service.ts';

/** `/timepoints`: list, create, read, rename. */
export default defineConfigResource({
  key: 'timepoints',
  schemas: { item: timepointSchema, create: timepointCreateBodySchema, update: timepointUpdateBodySchema },
  list: listTimepoints,
  get: getTimepoint,
  create: createTimepoint,
  update: updateTimepoint,
  unique: uniqueNameOf(timepoints),
});
