import { examCreateBodySchema, examSchema, examUpdateBodySchema } from '@dosechain/contract';
import { defineConfigResource } from '../shared/index.ts';
import { createExam, getExam, listExams, updateExam } from './service.ts';

/** `/exams`: list, create, read, update (toggle); an exam's name is unique per drug, not checked by `/check-in-use`. */
export default defineConfigResource({
  key: 'exams',
  schemas: { item: examSchema, create: examCreateBodySchema, update: examUpdateBodySchema },
  list: listExams,
  get: getExam,
  create: createExam,
  update: updateExam,
});
