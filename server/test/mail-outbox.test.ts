import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/kernel/db/client.ts';
import { mailOutbox } from '../src/kernel/db/schema.ts';
import { MAIL_MAX_ATTEMPTS, MailDispatcher, retryDelayMs } from '../src/kernel/mail/dispatcher.ts';
import { enqueueMail } from '../src/kernel/mail/outbox.ts';
import { configuredTransport, type MailTransport, smtpTransport } from '../src/kernel/mail/transport.ts';
import { freshDatabase, TestClock } from './helpers.ts';
import { SmtpSink } from './smtp-sink.ts';

const FROM = 'DoseChain <no-reply@dosechain.test>';

/** A logger that keeps what it was told, to check what an operator would read. */
function recordingLog() {
  const lines: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = [];
  const at = (level: string) => (obj: Record<string, unknown>, msg: string) =>
    lines.push({ level, obj, msg });
  const log = { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
  return { log: log as unknown as FastifyBaseLogger, lines };
}

let database: Database;
let sink: SmtpSink;
const clock = new TestClock();
beforeAll(async () => {
  database = await freshDatabase();
  sink = new SmtpSink();
  await sink.listen();
});
afterAll(async () => {
  await sink.close();
  await database.close();
});
afterEach(async () => {
  await database.db.delete(mailOutbox);
  sink.received.length = 0;
});

const dispatcher = (transport: MailTransport, log = recordingLog().log) =>
  new MailDispatcher({ db: database.db, clock, transport, log, pollIntervalMs: 0 });

const enqueue = (subject: string, to: string | string[] = 'someone@example.test') =>
  database.db.transaction((tx) => enqueueMail(tx, { to, subject, text: `Body of ${subject}` }, clock.now()));

const row = async (id: number) => {
  const [r] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return r!;
};

describe('enqueueMail', () => {
  it('writes nothing when the business transaction rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, { to: 'a@example.test', subject: 'Lost', text: 'x' }, clock.now());
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
  });
});

describe('the dispatcher over SMTP', () => {
  it('sends a due mail once and records it as sent', async () => {
    const id = await enqueue('Hello', ['one@example.test', 'two@example.test']);
    const d = dispatcher(smtpTransport(sink.url, FROM));
    await d.drain();
    await d.drain();
    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0]!;
    expect(mail.to).toEqual(['one@example.test', 'two@example.test']);
    expect(mail.from).toBe('no-reply@dosechain.test');
    expect(mail.raw).toMatch(/^Subject: Hello$/m);
    expect(mail.raw).toContain('Body of Hello');
    const r = await row(id);
    expect(r).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(r.sentAt).toEqual(clock.now());
    await d.stop();
  });

  it('retries with exponential back-off while the server is down, then delivers exactly once', async () => {
    const port = sink.port;
    await sink.close();
    const { log, lines } = recordingLog();
    const d = dispatcher(smtpTransport(`smtp://127.0.0.1:${port}`, FROM), log);
    const id = await enqueue('Retry me');

    await d.drain();
    let r = await row(id);
    expect(r).toMatchObject({ status: 'pending', attempts: 1 });
    expect(r.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(r.nextAttemptAt.getTime()).toBe(clock.now().getTime() + retryDelayMs(1));
    expect(lines.some((l) => l.level === 'warn' && l.obj.event === 'mail.retry')).toBe(true);

    // Not due yet: nothing is attempted.
    clock.advance(retryDelayMs(1) - 1000);
    await d.drain();
    expect((await row(id)).attempts).toBe(1);

    clock.advance(1000);
    await d.drain();
    r = await row(id);
    expect(r).toMatchObject({ status: 'pending', attempts: 2 });
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    expect(r.nextAttemptAt.getTime()).toBe(clock.now().getTime() + retryDelayMs(2));

    await sink.listen(port);
    clock.advance(retryDelayMs(2));
    await d.drain();
    await d.drain();
    r = await row(id);
    expect(r).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(sink.received.filter((m) => m.raw.includes('Retry me'))).toHaveLength(1);
    await d.stop();
  });

  it('waits the configured first back-off (MAIL_RETRY_BASE_SECONDS), doubled per attempt', async () => {
    const port = sink.port;
    await sink.close();
    const d = new MailDispatcher({
      db: database.db,
      clock,
      transport: smtpTransport(`smtp://127.0.0.1:${port}`, FROM),
      log: recordingLog().log,
      pollIntervalMs: 0,
      retryBaseMs: 1000,
    });
    const id = await enqueue('Soon again');
    await d.drain();
    expect((await row(id)).nextAttemptAt.getTime()).toBe(clock.now().getTime() + 1000);
    clock.advance(1000);
    await d.drain();
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 2 });
    expect((await row(id)).nextAttemptAt.getTime()).toBe(clock.now().getTime() + 2000);
    expect(retryDelayMs(2, 1000)).toBe(2000);
    await sink.listen(port);
    await d.stop();
  });

  it('gives every attempt of one mail the same Message-ID, unique to its outbox row', async () => {
    const port = sink.port;
    await sink.close();
    const d = dispatcher(smtpTransport(`smtp://127.0.0.1:${port}`, FROM));
    const id = await enqueue('Same id');
    const other = await enqueue('Other id');
    await d.drain();
    expect((await row(id)).attempts).toBe(1);
    await sink.listen(port);
    clock.advance(retryDelayMs(1));
    await d.drain();
    const messageIds = sink.received.map((m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1]);
    const { createdAt } = await row(id);
    expect(messageIds).toEqual([
      `<outbox.${id}.${createdAt.getTime().toString(36)}@dosechain.test>`,
      `<outbox.${other}.${(await row(other)).createdAt.getTime().toString(36)}@dosechain.test>`,
    ]);
    await d.stop();
  });

  it('gives up after the maximum number of attempts and keeps the last error', async () => {
    const failing: MailTransport = {
      send: async () => {
        throw new Error('550 mailbox unavailable');
      },
      close: () => {},
    };
    const { log, lines } = recordingLog();
    const d = dispatcher(failing, log);
    const id = await enqueue('Doomed');
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      await d.drain();
      clock.advance(retryDelayMs(attempt));
    }
    await d.drain();
    const r = await row(id);
    expect(r).toMatchObject({
      status: 'failed',
      attempts: MAIL_MAX_ATTEMPTS,
      lastError: '550 mailbox unavailable',
    });
    expect(lines.filter((l) => l.obj.event === 'mail.failed')).toHaveLength(1);
    await d.stop();
  });

  it('never sends a mail twice when several dispatchers (instances) drain at once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push(await enqueue(`Batch ${i}`));
    const dispatchers = [1, 2, 3].map(() => dispatcher(smtpTransport(sink.url, FROM)));
    await Promise.all(dispatchers.map((d) => d.drain()));
    const subjects = sink.received.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]);
    expect(subjects).toHaveLength(25);
    expect(new Set(subjects).size).toBe(25);
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    await Promise.all(dispatchers.map((d) => d.stop()));
  });

  it('sends mail enqueued while a pass runs in a pass queued after it', async () => {
    const d = dispatcher(smtpTransport(sink.url, FROM));
    await enqueue('First');
    const first = d.drain();
    await enqueue('Second');
    await d.drain();
    await first;
    expect(sink.received).toHaveLength(2);
    await d.stop();
  });
});

describe('without SMTP_URL', () => {
  it('writes each mail as an .eml file under DATA_DIR/mail and logs its path', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dosechain-mail-'));
    try {
      const { log, lines } = recordingLog();
      const transport = configuredTransport({ smtpUrl: undefined, mailFrom: FROM, dataDir }, log);
      const d = dispatcher(transport, log);
      const id = await enqueue('Written to disk', 'reader@example.test');
      await d.drain();
      const files = readdirSync(path.join(dataDir, 'mail'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(new RegExp(`-${id}\\.eml$`));
      const file = path.join(dataDir, 'mail', files[0]!);
      const eml = readFileSync(file, 'utf8');
      expect(eml).toMatch(/^To: reader@example\.test$/m);
      expect(eml).toMatch(/^From: DoseChain <no-reply@dosechain\.test>$/m);
      expect(eml).toContain('Body of Written to disk');
      const written = lines.find((l) => l.obj.event === 'mail.written');
      expect(written).toMatchObject({ level: 'info', obj: { file } });
      expect((await row(id)).status).toBe('sent');
      // The folder is made once; removed meanwhile, it is made again.
      rmSync(path.join(dataDir, 'mail'), { recursive: true });
      const again = await enqueue('After the folder went', 'reader@example.test');
      await d.drain();
      expect(readdirSync(path.join(dataDir, 'mail'))).toEqual([
        expect.stringMatching(new RegExp(`-${again}\\.eml$`)),
      ]);
      expect((await row(again)).status).toBe('sent');
      await d.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
