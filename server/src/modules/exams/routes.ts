import { examCreateBodySchema, examSchema, examUpdateBodySchema } from '@dosechain/contract';
import { configRoutes } from '../shared/config-routes.ts';
import { createExam, getExam, listExams, updateExam } from './service.ts';

/** `/exams`: list, create, read, update. */
export const examRoutes = configRoutes({
  key: 'exams',
  item: examSchema,
  createBody: examCreateBodySchema,
  updateBody: examUpdateBodySchema,
  list: listExams,
  get: getExam,
  create: createExam,
  update: updateExam,
});
