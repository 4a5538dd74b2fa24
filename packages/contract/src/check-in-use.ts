import { z } from 'zod';
import { type CheckInUseEntity, checkInUseEntities } from './resources.ts';
import { inputString } from './text.ts';

export const checkInUseQuerySchema = z.strictObject({
  entity: z.enum(checkInUseEntities as [CheckInUseEntity, ...CheckInUseEntity[]]),
  field: z.enum(['name', 'username', 'email']),
  value: inputString().max(300),
  excludeId: z.coerce.number().int().positive().optional(),
});
export type CheckInUseQuery = z.infer<typeof checkInUseQuerySchema>;

export const checkInUseResponseSchema = z.object({ inUse: z.boolean() });
