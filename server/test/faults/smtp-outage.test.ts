import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpSink } from '../smtp-sink.ts';
import {
  burst,
  FAULT_TEST_TIMEOUT_MS,
  FaultRig,
  loginSite,
  onPostgres,
  type Placement,
  place,
  until,
} from './fixture.ts';

describe.skipIf(!onPostgres)('the SMTP server stopped while orders are placed', () => {
  const rig = new FaultRig();
  const sink = new SmtpSink();
  beforeAll(() => rig.open());
  afterAll(async () => {
    await rig.close(); // the servers first: the sink waits for open SMTP connections to end
    await sink.close();
  });

  it(
    'delivers every notification exactly once after it is back',
    async () => {
      await sink.listen(0);
      // Retries after 1 s, 2 s, 4 s … instead of 30 s, 1 min, 2 min …, so the outage and the
      // recovery fit in seconds; eight failed attempts would still give a mail up.
      const server = await rig.start({ SMTP_URL: sink.url, MAIL_RETRY_BASE_SECONDS: '1' });
      const target = await rig.target(1000);
      const token = await loginSite(server);
      const first = await place(server, token, target.body('SMTP-FIRST'));
      if (first.kind !== 'created')
        throw new Error(`the first order was not placed: ${JSON.stringify(first)}`);
      const mailsPerOrder = await rig.mailsOf(first.id);
      expect(mailsPerOrder).toBeGreaterThan(0);
      await until("the first order's mails arrive", async () => sink.received.length === mailsPerOrder);

      let acknowledged = 0;
      let stopping: Promise<void> | undefined;
      const results: Placement[] = await burst(60, 6, async (i) => {
        const r = await place(server, token, target.body(`SMTP-${i}`));
        // The SMTP server goes away after the 10th order; the rest are placed without it.
        if (r.kind === 'created' && ++acknowledged === 10) stopping = sink.close();
        return r;
      });
      await stopping;
      const created = results.filter((r) => r.kind === 'created');
      expect(created).toHaveLength(60);
      const receivedBeforeOutage = sink.received.length;

      // Sending fails meanwhile, and so does at least one retry of the same mail.
      await until(
        'a mail failed twice',
        async () =>
          (await rig.count(
            `SELECT count(*) AS n FROM mail_outbox WHERE status = 'pending' AND attempts >= 2 AND last_error IS NOT NULL`,
          )) > 0,
      );
      const waiting = await rig.count(`SELECT count(*) AS n FROM mail_outbox WHERE status <> 'sent'`);
      expect(waiting).toBeGreaterThan(0);

      await sink.listen(); // the same port again
      await until(
        'the outbox is sent',
        async () => (await rig.count(`SELECT count(*) AS n FROM mail_outbox WHERE status <> 'sent'`)) === 0,
        90_000,
      );

      const outboxIds = (
        await rig.pool.query<{ id: number }>('SELECT id FROM mail_outbox ORDER BY id')
      ).rows.map((r) => r.id);
      const deliveries = new Map<number, number>();
      for (const mail of sink.received) {
        const id = Number(/^Message-ID:\s*<outbox\.(\d+)\./im.exec(mail.raw)?.[1]);
        deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
      }
      // Every outbox row arrived, once; nothing else arrived.
      expect([...deliveries.keys()].sort((a, b) => a - b)).toEqual(outboxIds);
      expect([...deliveries.values()].filter((n) => n !== 1)).toEqual([]);

      expect(outboxIds).toHaveLength(61 * mailsPerOrder);
      expect(await rig.inconsistencies(target.slotId, mailsPerOrder)).toEqual({
        ordersWithoutAudit: 0,
        auditWithoutOrder: 0,
        mailsWithoutOrder: 0,
        ordersWithOtherMailCount: 0,
        badSlots: 0,
        driftedFinalCounts: 0,
      });
      console.info(
        `SMTP outage: ${outboxIds.length} mails, ${receivedBeforeOutage} delivered before the outage, ${waiting} waited for it, each delivered once`,
      );
    },
    FAULT_TEST_TIMEOUT_MS,
  );
});
