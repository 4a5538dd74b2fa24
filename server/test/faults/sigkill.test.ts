import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  burst,
  FAULT_TEST_TIMEOUT_MS,
  FaultRig,
  intactChain,
  loginSite,
  onPostgres,
  type Placement,
  place,
  verifyAuditChain,
} from './fixture.ts';
import type { ServerProcess } from './server-process.ts';

describe.skipIf(!onPostgres)('the server killed (SIGKILL) in the middle of a burst of placements', () => {
  const rig = new FaultRig();
  beforeAll(() => rig.open());
  afterAll(() => rig.close());

  it(
    'keeps every acknowledged order, leaves no half-written one, and booked counts equal the orders',
    async () => {
      let server: ServerProcess = await rig.start();
      const target = await rig.target(1000);
      const token = await loginSite(server);
      const first = await place(server, token, target.body('KILL-FIRST'));
      if (first.kind !== 'created')
        throw new Error(`the first order was not placed: ${JSON.stringify(first)}`);
      const mailsPerOrder = await rig.mailsOf(first.id);
      expect(mailsPerOrder).toBeGreaterThan(0);

      // 24 placements in flight; the server is killed when the 40th is acknowledged, so the
      // others are somewhere between the request and the commit.
      let acknowledged = 0;
      let killing: Promise<void> | undefined;
      const results: Placement[] = await burst(
        400,
        24,
        async (i) => {
          const r = await place(server, token, target.body(`KILL-${i}`));
          if (r.kind === 'created' && ++acknowledged === 40) killing = server.kill();
          return r;
        },
        () => killing !== undefined,
      );
      await killing;
      const created = results.filter((r) => r.kind === 'created');
      const lost = results.filter((r) => r.kind === 'lost');
      expect(results.filter((r) => r.kind === 'error' || r.kind === 'full')).toEqual([]);
      expect(created.length).toBeGreaterThanOrEqual(40);
      // The kill really came mid-burst: requests were in flight and got no answer.
      expect(lost.length).toBeGreaterThan(0);

      server = await rig.start();
      const ids = created.map((r) => r.id);
      expect(await rig.count('SELECT count(*) AS n FROM orders WHERE id = ANY($1::int[])', [ids])).toBe(
        ids.length,
      );
      expect(await rig.inconsistencies(target.slotId, mailsPerOrder)).toEqual({
        ordersWithoutAudit: 0,
        auditWithoutOrder: 0,
        mailsWithoutOrder: 0,
        ordersWithOtherMailCount: 0,
        badSlots: 0,
        driftedFinalCounts: 0,
      });
      // An unanswered placement either committed whole or not at all.
      const lostCommitted = await rig.count(
        'SELECT count(*) AS n FROM orders WHERE subject_id = ANY($1::text[])',
        [lost.map((r) => r.subjectId)],
      );
      const onSlot = 1 + created.length + lostCommitted;
      expect(await rig.count('SELECT booked AS n FROM dose_slots WHERE id = $1', [target.slotId])).toBe(
        onSlot,
      );

      // The restarted server takes orders again on the same slot.
      const after = await place(server, token, target.body('KILL-AFTER'));
      expect(after.kind).toBe('created');
      expect(await rig.count('SELECT booked AS n FROM dose_slots WHERE id = $1', [target.slotId])).toBe(
        onSlot + 1,
      );
      expect((await rig.inconsistencies(target.slotId, mailsPerOrder)).badSlots).toBe(0);
      // The audit chain survived the kill and the restart: linear, every row intact.
      const auditRows = await rig.count('SELECT count(*) AS n FROM audit_log');
      expect(auditRows).toBeGreaterThan(created.length);
      expect(await verifyAuditChain(server)).toEqual(intactChain(auditRows));
      console.info(
        `SIGKILL: ${created.length} acknowledged, ${lost.length} unanswered (${lostCommitted} of them committed), all consistent after restart`,
      );
    },
    FAULT_TEST_TIMEOUT_MS,
  );
});
