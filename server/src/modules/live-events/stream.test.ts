import { emptyPermissions, type Role } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import type { LiveChange } from './changes.ts';
import { LiveStream } from './stream.ts';
import type { Reader } from './views.ts';

/** A CMO reader of company `cmoId` who may read orders. */
function cmoReader(cmoId: number): Reader {
  const permissions = emptyPermissions();
  permissions.order.read = true;
  const role: Role = {
    id: cmoId,
    name: 'CMO',
    type: 'cmo',
    companyId: cmoId,
    companyName: `CMO ${cmoId}`,
    companyTimezone: 'UTC',
  };
  return { role, scope: { type: 'cmo', companyId: cmoId }, permissions, orderable: null };
}

const placed = (id: number, cmoId: number): LiveChange => ({
  id,
  kind: 'order',
  type: 'order.placed',
  orderId: 100 + id,
  status: 'pending',
  cmoId,
  siteId: 7,
  imagingCenterId: 8,
  capacity: null,
});

/** The ids of the order events the stream has written so far. */
function sentOrders(stream: LiveStream): number[] {
  const text = String(stream.body.read() ?? '');
  return [...text.matchAll(/"orderId":(\d+)/g)].map((m) => Number(m[1]));
}

const streamOf = (reader: Reader) =>
  new LiveStream(
    { userId: 1, sessionId: 's', expiresAt: new Date(Date.now() + 60_000) },
    undefined,
    reader,
    0,
  );

describe('a live stream whose access is being re-read', () => {
  it('holds what follows the access change and gives it to the reader as it then is', () => {
    const stream = streamOf(cmoReader(1));
    stream.offer(placed(1, 1));
    expect(sentOrders(stream)).toEqual([101]);
    // The user moved from CMO 1 to CMO 2: changes after it wait for the re-read.
    stream.hold();
    stream.offer(placed(2, 1));
    stream.offer(placed(3, 2));
    stream.heartbeat(3);
    expect(sentOrders(stream)).toEqual([]);
    stream.reader = cmoReader(2);
    stream.release();
    // CMO 1's order is not told to the user now at CMO 2; CMO 2's is, though the heartbeat came first.
    expect(sentOrders(stream)).toEqual([103]);
    stream.offer(placed(4, 2));
    expect(sentOrders(stream)).toEqual([104]);
    expect(stream.lastId).toBe(4);
  });

  it('counts its re-reads: one begun before the hold is not the one that releases', () => {
    const stream = streamOf(cmoReader(1));
    const before = ++stream.accessRereads;
    stream.hold();
    expect(stream.accessRereads).not.toBe(before);
  });

  it('ends rather than hold without bound', () => {
    const stream = streamOf(cmoReader(1));
    stream.hold();
    for (let id = 1; id <= 1001; id++) stream.offer(placed(id, 2));
    expect(stream.body.writableEnded).toBe(true);
  });
});
