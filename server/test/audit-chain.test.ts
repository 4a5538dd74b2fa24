/**
 * Issue 17, the audit trail's chain (decision 015): how rows are chained under concurrent
 * writers, the key, a database from before the chain, a long trail verified in chunks, and
 * `npm run audit:verify`. The ways of tampering are in the Part 11 suite (`part11/tampering.ts`).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@dosechain/contract';
import { PGlite } from '@electric-sql/pglite';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin-command.ts';
import { runAuditVerify } from '../src/cli/audit-verify-command.ts';
import {
  AuditKeyMismatchError,
  auditKey,
  chainedColumns,
  keyBytes,
  useAuditKey,
} from '../src/kernel/audit/chain.ts';
import { checkAuditKey, readChainHead, rowsOf } from '../src/kernel/audit/chain-head.ts';
import { issueCheckpoint } from '../src/kernel/audit/checkpoint.ts';
import {
  type AuditActor,
  type AuditItem,
  ChainWriter,
  recordAudit,
  recordAudits,
} from '../src/kernel/audit/record.ts';
import { verifyAuditChain } from '../src/kernel/audit/verify.ts';
import { systemClock } from '../src/kernel/clock.ts';
import { type Database, type Db, openDatabase, pgliteDir } from '../src/kernel/db/client.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { ensurePgliteDump, ensurePgTemplate } from './db-template.ts';
import { buildTestApp, createPgDatabase, TEST_AUDIT_KEY, type TestApp } from './helpers.ts';
import { loadOrderIds, NOW, orderPlacer } from './order-fixtures.ts';
import { chainLinks, rewindTrail, verifiedAfter } from './part11/tampering.ts';

const onPg = process.env.TEST_DB === 'pg' && Boolean(process.env.TEST_DATABASE_URL);
const key = keyBytes(TEST_AUDIT_KEY);
const actor: AuditActor = { userId: null, username: 'system', fullName: 'System (test)', roleType: null };
const item = (i: number): AuditItem => ({
  actor,
  entry: {
    entityType: 'orders',
    entityId: i + 1,
    eventType: 'update',
    changeset: { note: [null, `entry ${i}`], nested: [{ b: 1, a: [1, 'x'] }, null] },
    reason: `Chain test ${i}`,
  },
});
const count = async (db: Db, where = sql`true`) =>
  Number(
    rowsOf<{ n: string | number }>(
      await db.execute(sql`select count(*) as n from audit_log where ${where}`),
    )[0]!.n,
  );
const ignoreRollback = (err: unknown) => {
  if (!(err instanceof TransactionRollbackError)) throw err;
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
});
afterAll(() => t?.close());

describe('the chain', () => {
  it('[P11-006] covers every column of audit_log but its chain value (a new column must be chained too)', async () => {
    const columns = rowsOf<{ name: string }>(
      await t.db.execute(sql`select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = 'audit_log' order by ordinal_position`),
    ).map((c) => c.name);
    expect(columns.filter((c) => c !== 'chain_hmac').sort()).toEqual([...chainedColumns].sort());
  });

  it('[P11-006] chains rows in one transaction and across transactions, ids in chain order, from genesis', async () => {
    await t.db.transaction(async (tx) => {
      await recordAudit(tx, actor, item(1).entry);
      await recordAudits(tx, [item(2), item(3)]);
    });
    await recordAudit(t.db, actor, item(4).entry); // no transaction given: it opens its own
    const links = await chainLinks(t.db);
    expect(links.map((l) => l.position)).toEqual(links.map((_, i) => i + 1));
    expect(links.map((l) => l.id)).toEqual(links.map((l) => l.id).sort((a, b) => a - b));
    const head = await readChainHead(t.db);
    expect(head).toMatchObject({ position: links.length, chainHmac: links.at(-1)!.hmac });
    expect(await verifyAuditChain(t.db, key)).toEqual({
      ok: true,
      checked: links.length,
      firstBrokenId: null,
      broken: 0,
      unchained: 0,
      headMatches: true,
    });
  });

  it('[P11-002] keeps the time as the database has it, to the microsecond, one per transaction', async () => {
    await recordAudits(t.db, [item(5), item(6)]);
    const [a, b] = rowsOf<{ at: string; now: string }>(
      await t.db.execute(sql`select to_char(issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at
        from audit_log order by chain_position desc limit 2`),
    );
    expect(a!.at).toBe(b!.at);
    expect(Math.abs(Date.parse(`${a!.at}Z`) - Date.now())).toBeLessThan(60_000);
  });

  it('[P11-006] a rolled-back transaction leaves no trace in the chain', async () => {
    const before = await readChainHead(t.db);
    await t.db
      .transaction(async (tx) => {
        await recordAudit(tx, actor, item(7).entry);
        tx.rollback();
      })
      .catch(ignoreRollback);
    expect(await readChainHead(t.db)).toEqual(before);
    expect((await verifyAuditChain(t.db, key)).ok).toBe(true);
  });
});

describe('the key', () => {
  it('[P11-008] a server with another key refuses to add to the chain, and to start', async () => {
    const rows = await count(t.db);
    const head = await readChainHead(t.db);
    expect(head!.keyCheck).not.toBeNull();
    useAuditKey('another-key-of-at-least-32-characters!');
    try {
      await expect(recordAudit(t.db, actor, item(8).entry)).rejects.toBeInstanceOf(AuditKeyMismatchError);
      await expect(checkAuditKey(t.db, auditKey())).rejects.toBeInstanceOf(AuditKeyMismatchError);
    } finally {
      useAuditKey(TEST_AUDIT_KEY);
    }
    expect(await count(t.db)).toBe(rows);
    await checkAuditKey(t.db, key);
    // Verified with another key, every row fails.
    const wrong = await verifyAuditChain(t.db, keyBytes('another-key-of-at-least-32-characters!'));
    expect(wrong).toMatchObject({ ok: false, broken: rows });
  });
});

describe('concurrent writers', () => {
  it('[P11-006] 200 audit transactions at once (one in five rolled back) leave one linear chain', async () => {
    const before = await count(t.db);
    const verifying = verifyAuditChain(t.db, key, { chunkRows: 7 }); // reads while they write
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.db
          .transaction(async (tx) => {
            await recordAudit(tx, actor, item(1000 + i).entry);
            if (i % 5 === 0) tx.rollback();
          })
          .catch(ignoreRollback),
      ),
    );
    const during = await verifying;
    expect(during.ok).toBe(true);
    expect(during.checked).toBeGreaterThanOrEqual(before);
    const links = await chainLinks(t.db);
    expect(links).toHaveLength(before + 160);
    expect(links.map((l) => l.position)).toEqual(links.map((_, i) => i + 1));
    expect(links.map((l) => l.id)).toEqual(links.map((l) => l.id).sort((a, b) => a - b));
    expect(await verifyAuditChain(t.db, key)).toMatchObject({ ok: true, checked: before + 160 });
  });

  it('[P11-006] the audited-change writer: turns in order, a head moved meanwhile re-read, a rolled-back turn forgotten', async () => {
    const writer = new ChainWriter();
    const viaWriter = async (i: number, rollBack: boolean) => {
      let appended: { done(committed: boolean): void } | undefined;
      try {
        await t.db.transaction(async (tx) => {
          appended = await writer.append(tx, [item(i), item(i + 1)]);
          if (rollBack) tx.rollback();
        });
        appended?.done(true);
      } catch (err) {
        appended?.done(false);
        ignoreRollback(err);
      }
    };
    const before = await count(t.db, sql`chain_position is not null`);
    // A third through the writer, a third through it and rolled back, a third beside it.
    await Promise.all(
      Array.from({ length: 90 }, (_, i) =>
        i % 3 === 0
          ? viaWriter(2000 + i, false)
          : i % 3 === 1
            ? viaWriter(2000 + i, true)
            : recordAudit(t.db, actor, item(2000 + i).entry),
      ),
    );
    expect(await count(t.db, sql`chain_position is not null`)).toBe(before + 30 * 2 + 30);
    expect(await verifyAuditChain(t.db, key)).toMatchObject({ ok: true, broken: 0, headMatches: true });
    // And once more on its own: from the head it remembers, in one statement.
    await viaWriter(3000, false);
    expect((await verifyAuditChain(t.db, key)).ok).toBe(true);
  });

  it.skipIf(!onPg)(
    'the writer never chains from a head that was rolled back, when other rows reached its position meanwhile',
    async () => {
      const writer = new ChainWriter();
      const committed = async (i: number) => {
        let appended: { done(committed: boolean): void } | undefined;
        await t.db.transaction(async (tx) => {
          appended = await writer.append(tx, [item(i)]);
        });
        appended?.done(true);
      };
      await committed(4000); // the writer now knows the head
      // T1 writes position P+1 and holds its transaction open; its turn is over.
      let endT1: () => void = () => {};
      let t1Written: () => void = () => {};
      const t1Appended = new Promise<void>((resolve) => {
        t1Written = resolve;
      });
      let t1: { done(committed: boolean): void } | undefined;
      const t1Ended = t.db
        .transaction(async (tx) => {
          // Two rows: a one-row append on PostgreSQL commits with its row (decision 062).
          t1 = await writer.append(tx, [item(4001), item(4004)]);
          t1Written();
          await new Promise<void>((resolve) => {
            endT1 = resolve;
          });
          tx.rollback();
        })
        .catch(ignoreRollback)
        .then(() => t1?.done(false));
      await t1Appended;
      // D (recordAudit) queues for the head's lock first, then T2 (chained after T1's row).
      const d = recordAudit(t.db, actor, item(4002).entry);
      await new Promise((r) => setTimeout(r, 200));
      const t2 = committed(4003);
      await new Promise((r) => setTimeout(r, 200));
      endT1(); // T1 rolls back: D writes position P+1 with other content, then T2 gets the lock
      await Promise.all([t1Ended, d, t2]);
      expect(await verifyAuditChain(t.db, key)).toMatchObject({ ok: true, broken: 0, headMatches: true });
    },
  );

  it.skipIf(!onPg)(
    'a one-row append commits with its row, but not from within a savepoint: the outer transaction commits',
    async () => {
      const writer = new ChainWriter();
      let appended: { done(committed: boolean): void } | undefined;
      // The writer knows the head: its next one-row append may ride on a commit.
      await t.db.transaction(async (tx) => {
        appended = await writer.append(tx, [item(4999)]);
      });
      appended?.done(true);
      const before = await count(t.db, sql`chain_position is not null`);
      await t.db
        .transaction(async (outer) => {
          await outer.transaction(async (inner) => {
            appended = await writer.append(inner, [item(5000)]);
          });
          outer.rollback();
        })
        .catch(ignoreRollback);
      appended?.done(false);
      expect(await count(t.db, sql`chain_position is not null`)).toBe(before);
      await t.db.transaction(async (tx) => {
        appended = await writer.append(tx, [item(5001)]);
      });
      appended?.done(true);
      expect(await count(t.db, sql`chain_position is not null`)).toBe(before + 1);
      expect(await verifyAuditChain(t.db, key)).toMatchObject({ ok: true, broken: 0, headMatches: true });
    },
  );

  it('[P11-006] 50 orders placed at once: each with its row, the chain intact over the API', async () => {
    const place = orderPlacer(t, await loadOrderIds(t));
    // One login and one signature checked by argon2 before the burst (then remembered, decision 012).
    await place();
    const before = await count(t.db, sql`entity_type = 'orders'`);
    const placed = await Promise.all(Array.from({ length: 50 }, () => place()));
    expect(new Set(placed.map((o) => o.id)).size).toBe(50);
    expect(await count(t.db, sql`entity_type = 'orders'`)).toBe(before + 50);
    const res = await t.request('admin', { method: 'GET', url: '/api/v1/audit-logs/verify' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      checked: await count(t.db),
      firstBrokenId: null,
      broken: 0,
      unchained: 0,
      headMatches: true,
      endMovedBack: null,
      checkpoint: null,
    });
  });
});

describe('a long trail', () => {
  it('[P11-007] 10,000 rows verify intact, streamed in chunks; a row removed at a chunk boundary is named', async () => {
    const start = await count(t.db);
    for (let batch = 0; batch < 20; batch++) {
      await recordAudits(
        t.db,
        Array.from({ length: 500 }, (_, i) => item(batch * 500 + i)),
      );
    }
    const rows = await count(t.db);
    expect(rows).toBe(start + 10_000);
    const startedAt = performance.now();
    expect(await verifyAuditChain(t.db, key)).toEqual({
      ok: true,
      checked: rows,
      firstBrokenId: null,
      broken: 0,
      unchained: 0,
      headMatches: true,
    });
    console.info(`verified ${rows} audit rows in ${Math.round(performance.now() - startedAt)} ms`);

    // The last row of the first chunk (2,000 rows) removed: the first of the second is named.
    const links = await chainLinks(t.db);
    const result = await verifiedAfter(t.db, TEST_AUDIT_KEY, async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from audit_log where id = ${links[1999]!.id}`);
    });
    expect(result).toMatchObject({ ok: false, firstBrokenId: links[2000]!.id, broken: 1, checked: rows - 1 });
  }, 300_000);
});

/**
 * A database of its own, as `npm start` leaves it: PostgreSQL in the server-pg run, else PGlite in
 * DATA_DIR. Empty, or (`migrated`) a copy of the run's migrated template: migrating an empty
 * embedded database on disk took 20–30 s of the 2-core CI machine per test, and only the test of
 * a database from before the chain needs to run migrations itself.
 */
async function ownDatabase(
  dataDir: string,
  options: { migrated?: boolean } = {},
): Promise<{
  env: NodeJS.ProcessEnv;
  open(): Promise<Database>;
  drop(): Promise<void>;
}> {
  if (onPg) {
    const baseUrl = process.env.TEST_DATABASE_URL!;
    const template = options.migrated ? await ensurePgTemplate(baseUrl) : undefined;
    const pg = await createPgDatabase(baseUrl, { template });
    return {
      env: { DATABASE_URL: pg.url, DATA_DIR: dataDir },
      open: () => openDatabase({ url: pg.url }),
      drop: pg.drop,
    };
  }
  if (options.migrated) {
    const copy = new PGlite(pgliteDir(dataDir), {
      loadDataDir: new Blob([readFileSync(await ensurePgliteDump())]),
    });
    await copy.close();
  }
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir: pgliteDir(dataDir) }),
    drop: async () => {},
  };
}

describe('a database from before the chain', () => {
  it('[P11-011] keeps its rows as unchained, chains the new ones from genesis, and names a stray unchained row', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dosechain-chain-'));
    const own = await ownDatabase(dataDir);
    const database = await own.open();
    try {
      // The migrations before the chain's, then three audit rows as the old code wrote them.
      const folder = path.join(dataDir, 'migrations-before');
      const source = path.resolve(import.meta.dirname, '../src/kernel/db/migrations');
      const journal = JSON.parse(readFileSync(path.join(source, 'meta/_journal.json'), 'utf8')) as {
        entries: { tag: string }[];
      };
      const chainAt = journal.entries.findIndex((e) => e.tag.endsWith('_audit_chain'));
      expect(chainAt).toBeGreaterThan(0);
      journal.entries = journal.entries.slice(0, chainAt);
      const before = new Set(journal.entries.map((e) => `${e.tag}.sql`));
      cpSync(source, folder, {
        recursive: true,
        filter: (f) => !f.endsWith('.sql') || before.has(path.basename(f)),
      });
      writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
      if (database.driver === 'pg') await migrateNodePg(database.db as never, { migrationsFolder: folder });
      else await migratePglite(database.db as never, { migrationsFolder: folder });
      for (let i = 0; i < 3; i++) {
        await database.db.execute(sql`insert into audit_log (entity_type, entity_id, event_type, changeset,
          actor_username, actor_full_name) values ('drugs', ${i + 1}, 'new', '{}', 'admin', 'Ada Admin')`);
      }
      const legacy = await count(database.db);

      await database.migrate();
      const head = await readChainHead(database.db);
      expect(head).toMatchObject({ position: 0, legacyMaxId: expect.any(Number), keyCheck: null });
      await recordAudits(database.db, [item(1), item(2)]);
      expect(await verifyAuditChain(database.db, key)).toEqual({
        ok: true,
        checked: 2,
        firstBrokenId: null,
        broken: 0,
        unchained: legacy,
        headMatches: true,
      });

      // A row written without the chain after the upgrade is not one of the old ones.
      await database.db.execute(sql`insert into audit_log (entity_type, entity_id, event_type, changeset,
        actor_username, actor_full_name) values ('drugs', 9, 'new', '{}', 'admin', 'Ada Admin')`);
      const stray = Number(
        rowsOf<{ id: string }>(await database.db.execute(sql`select max(id) as id from audit_log`))[0]!.id,
      );
      expect(await verifyAuditChain(database.db, key)).toEqual({
        ok: false,
        checked: 3,
        firstBrokenId: stray,
        broken: 1,
        unchained: legacy,
        headMatches: true,
      });
    } finally {
      await database.close();
      await own.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

const repoRoot = path.resolve(import.meta.dirname, '../..');

function npmAuditVerify(env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, AUDIT_KEY: _key, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'audit:verify'],
      { cwd: repoRoot, env: { ...inherited, ...env }, timeout: 90_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run audit:verify', () => {
  it('[P11-010] exits 0 on an intact trail, 1 once a row is rewritten in SQL, 2 without the right key', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dosechain-verify-'));
    const own = await ownDatabase(dataDir, { migrated: true });
    const out: string[] = [];
    const err: string[] = [];
    const io = (env: NodeJS.ProcessEnv) => ({
      env,
      out: (s: string) => out.push(s),
      err: (s: string) => err.push(s),
    });
    try {
      let database = await own.open();
      await database.migrate();
      await seedDemo(database.db, systemClock.now());
      await recordAudits(database.db, [item(1), item(2), item(3), item(4)]);
      const links = await chainLinks(database.db);
      await database.close();

      const withKey = { ...own.env, AUDIT_KEY: TEST_AUDIT_KEY };
      expect(await runAuditVerify([], io(withKey)), err.join('')).toBe(0);
      // The seed's own `new` entries are chained too: every chained row is counted.
      expect(out.join('')).toContain(messages.auditChainIntact(links.length));
      expect(links.length).toBeGreaterThan(4);

      // No key at all (none set, none in DATA_DIR), or another: nothing is verified.
      expect(await runAuditVerify([], io(own.env))).toBe(2);
      expect(err.join('')).toContain('No audit key');
      writeFileSync(path.join(dataDir, 'audit-key'), 'another-key-of-at-least-32-characters!');
      expect(await runAuditVerify([], io(own.env))).toBe(2);
      expect(err.join('')).toContain('is not the one this audit trail was chained with');
      // The operator's break-glass command refuses it too, rather than add rows under it.
      expect(await runAdmin(['unlock', 'locked', '--reason', 'Ticket 1'], io(own.env))).toBe(1);
      expect(err.join('')).toContain('is not the key this audit trail was chained with');
      rmSync(path.join(dataDir, 'audit-key'));

      database = await own.open();
      await database.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
      await database.db.execute(sql`update audit_log set reason = 'Rewritten' where id = ${links[1]!.id}`);
      await database.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
      await database.close();

      err.length = 0;
      expect(await runAuditVerify([], io(withKey))).toBe(1);
      expect(err.join('')).toContain(messages.auditChainBroken(links[1]!.id, 1));
      // The command as typed, on the same database.
      const typed = await npmAuditVerify(withKey);
      expect(typed.code, typed.stderr).toBe(1);
      expect(typed.stderr).toContain(`entry #${links[1]!.id} does not match the chain`);
    } finally {
      await own.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('npm run audit:verify -- --checkpoint <file>', () => {
  it('[P11-010] exits 0 while the checkpoint is in the chain, 1 once the trail was cut back below it, 2 for a forged one', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dosechain-verify-checkpoint-'));
    const own = await ownDatabase(dataDir, { migrated: true });
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      env: { ...own.env, AUDIT_KEY: TEST_AUDIT_KEY, INIT_CWD: dataDir },
      out: (s: string) => out.push(s),
      err: (s: string) => err.push(s),
    };
    try {
      const database = await own.open();
      await database.migrate();
      await recordAudits(database.db, [item(1), item(2), item(3)]);
      const checkpoint = await issueCheckpoint(database.db, key, new Date());
      await recordAudits(database.db, [item(4), item(5)]);
      await database.close();
      // Relative to where the command is typed (INIT_CWD), as a downloaded file would be.
      writeFileSync(path.join(dataDir, 'checkpoint.json'), JSON.stringify(checkpoint));
      const withFile = ['--checkpoint', 'checkpoint.json', '--force'];

      expect(await runAuditVerify(withFile, io), err.join('')).toBe(0);
      expect(out.join('')).toContain(messages.auditCheckpointInChain(3, checkpoint.issuedAt));
      // The body of POST /audit-logs/verify is taken as well.
      writeFileSync(path.join(dataDir, 'body.json'), JSON.stringify({ checkpoint }));
      expect(await runAuditVerify(['--checkpoint', 'body.json', '--force'], io)).toBe(0);

      // Forged (moved along the chain), not JSON, or no file: nothing verified.
      writeFileSync(path.join(dataDir, 'forged.json'), JSON.stringify({ ...checkpoint, position: 2 }));
      expect(await runAuditVerify(['--checkpoint', 'forged.json', '--force'], io)).toBe(2);
      expect(err.join('')).toContain(messages.auditCheckpointInvalid);
      writeFileSync(path.join(dataDir, 'garbage.json'), 'not json');
      expect(await runAuditVerify(['--checkpoint', 'garbage.json', '--force'], io)).toBe(2);
      expect(err.join('')).toContain('garbage.json is not JSON');
      expect(await runAuditVerify(['--checkpoint'], io)).toBe(2);
      expect(err.join('')).toContain('Give --checkpoint once, with a file');

      // The newest three rows deleted, the head pointed back: the chain alone says intact.
      const cut = await own.open();
      await rewindTrail(cut.db, 2);
      await cut.close();
      out.length = 0;
      err.length = 0;
      expect(await runAuditVerify(['--force'], io)).toBe(0);
      expect(out.join('')).toContain(messages.auditChainIntact(2));
      expect(await runAuditVerify(withFile, io)).toBe(1);
      expect(err.join('')).toContain(messages.auditCheckpointEntryMissing(3));
      expect(err.join('')).toContain('"failed":"entryMissing"');
    } finally {
      await own.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
