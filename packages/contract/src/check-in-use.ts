import { z } from 'zod';
import { inputString } from './text.ts';

export const checkInUseEntities = [
  'drug',
  'group',
  'user',
  'study',
  'timepoint',
  'cmo',
  'clinical-site',
  'imaging-center',
] as const;
export type CheckInUseEntity = (typeof checkInUseEntities)[number];

export const checkInUseQuerySchema = z.strictObject({
  entity: z.enum(checkInUseEntities),
  field: z.enum(['name', 'username', 'email']),
  value: inputString().max(300),
  excludeId: z.coerce.number().int().positive().optional(),
});
export type CheckInUseQuery = z.infer<typeof checkInUseQuerySchema>;

export const checkInUseResponseSchema = z.object({ inUse: z.boolean() });
