import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpSink } from '../smtp-sink.ts';
import {
  FAULT_TEST_TIMEOUT_MS,
  FaultRig,
  intactChain,
  loginSite,
  onPostgres,
  type Placement,
  place,
  until,
  verifyAuditChain,
} from './fixture.ts';

describe.skipIf(!onPostgres)('two server instances on one PostgreSQL', () => {
  const rig = new FaultRig();
  const sink = new SmtpSink();
  beforeAll(() => rig.open());
  afterAll(async () => {
    await rig.close(); // the servers first: the sink waits for open SMTP connections to end
    await sink.close();
  });

  it(
    '200 concurrent placements split between them never overbook; each mail is sent once',
    async () => {
      await sink.listen(0);
      // Info level: each instance logs every mail it sent (`mail.sent`).
      const env = { SMTP_URL: sink.url, LOG_LEVEL: 'info' };
      // One after the other: the first migrates and seeds the empty database.
      const a = await rig.start(env);
      const b = await rig.start(env);
      const capacity = 40;
      const target = await rig.target(capacity);
      const token = await loginSite(a); // one JWT secret: the token works on both
      // Warm both instances' database pools, so neither starts the burst cold and sits it out.
      await loginSite(b);

      const results: Placement[] = await Promise.all(
        Array.from({ length: 200 }, (_, i) => place(i % 2 === 0 ? a : b, token, target.body(`TWO-${i}`))),
      );
      const created = results.filter((r) => r.kind === 'created');
      expect(results.filter((r) => r.kind === 'error' || r.kind === 'lost')).toEqual([]);
      expect(created).toHaveLength(capacity);
      expect(results.filter((r) => r.kind === 'full')).toHaveLength(200 - capacity);
      // Both instances booked some of the doses.
      const byA = created.filter((r) => Number(r.subjectId.slice(4)) % 2 === 0).length;
      expect(byA).toBeGreaterThan(0);
      expect(byA).toBeLessThan(capacity);
      expect(await rig.count('SELECT booked AS n FROM dose_slots WHERE id = $1', [target.slotId])).toBe(
        capacity,
      );
      expect(
        await rig.count('SELECT count(*) AS n FROM orders WHERE dose_slot_id = $1', [target.slotId]),
      ).toBe(capacity);

      const mailsPerOrder = created[0]?.kind === 'created' ? await rig.mailsOf(created[0].id) : 0;
      expect(mailsPerOrder).toBeGreaterThan(0);
      expect(await rig.inconsistencies(target.slotId, mailsPerOrder)).toEqual({
        ordersWithoutAudit: 0,
        auditWithoutOrder: 0,
        mailsWithoutOrder: 0,
        ordersWithOtherMailCount: 0,
        badSlots: 0,
        driftedFinalCounts: 0,
      });

      // Both dispatchers poll the one outbox; every row is sent, and arrives once.
      await until(
        'the outbox is sent',
        async () => (await rig.count(`SELECT count(*) AS n FROM mail_outbox WHERE status <> 'sent'`)) === 0,
      );
      const outboxIds = (
        await rig.pool.query<{ id: number }>('SELECT id FROM mail_outbox ORDER BY id')
      ).rows.map((r) => r.id);
      expect(outboxIds).toHaveLength(capacity * mailsPerOrder);
      const deliveries = new Map<number, number>();
      for (const mail of sink.received) {
        const id = Number(/^Message-ID:\s*<outbox\.(\d+)\./im.exec(mail.raw)?.[1]);
        deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
      }
      expect([...deliveries.keys()].sort((x, y) => x - y)).toEqual(outboxIds);
      expect([...deliveries.values()].filter((n) => n !== 1)).toEqual([]);
      // The instances' own accounts agree: between them they sent each row once.
      const sentBy = [a, b].map((s) => s.lines().filter((l) => l.includes('"event":"mail.sent"')).length);
      expect(sentBy[0]! + sentBy[1]!).toBe(outboxIds.length);
      // Both instances chained their audit rows onto the one chain: linear, verified by either.
      const auditRows = await rig.count('SELECT count(*) AS n FROM audit_log');
      expect(auditRows).toBeGreaterThanOrEqual(capacity);
      expect(await verifyAuditChain(a)).toEqual(intactChain(auditRows));
      expect(await verifyAuditChain(b)).toEqual(intactChain(auditRows));
      console.info(
        `Two instances: ${capacity} placed (${byA} through the first, ${capacity - byA} through the second), ` +
          `${200 - capacity} AVAILABILITY_SLOT_FULL, ${outboxIds.length} mails each delivered once ` +
          `(${sentBy[0]} sent by the first, ${sentBy[1]} by the second)`,
      );
    },
    FAULT_TEST_TIMEOUT_MS,
  );
});
