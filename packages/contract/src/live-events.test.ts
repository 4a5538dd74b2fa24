import { describe, expect, it } from 'vitest';
import { liveEventTypes } from './live-event-kinds.ts';
import { liveEventSchema } from './live-events.ts';

describe('live events', () => {
  it('have one schema per listed type, and nothing else parses', () => {
    const schemaTypes = liveEventSchema.options.map((o) => o.shape.type.value);
    expect([...schemaTypes].sort()).toEqual([...liveEventTypes].sort());
    const order = { orderId: 1, status: 'accepted', cmoId: 2, siteId: 3, imagingCenterId: 4 };
    expect(liveEventSchema.safeParse({ type: 'order.status', ...order }).success).toBe(true);
    expect(liveEventSchema.safeParse({ type: 'order.status', ...order, status: 'lost' }).success).toBe(false);
    expect(liveEventSchema.safeParse({ type: 'availability.changed' }).success).toBe(true);
    expect(liveEventSchema.safeParse({ type: 'order.archived' }).success).toBe(false);
  });
});
