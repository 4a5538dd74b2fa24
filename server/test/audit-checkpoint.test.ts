/**
 * Issue 31, part 4: the end of the audit trail anchored outside the database. Someone with the
 * database deletes the newest audit rows and points the chain's head at the last one left: the
 * chain verifies intact. A signed checkpoint kept elsewhere, and the end this server remembers,
 * show it (decision 015).
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuditCheckpoint } from '@dosechain/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { GENESIS, keyBytes, useAuditKey } from '../src/kernel/audit/chain.ts';
import { CHAIN_END_FILE } from '../src/kernel/audit/chain-end.ts';
import { readChainHead } from '../src/kernel/audit/chain-head.ts';
import {
  checkpointFailure,
  checkpointKeyOf,
  checkpointSignatureValid,
  issueCheckpoint,
} from '../src/kernel/audit/checkpoint.ts';
import { recordAudits } from '../src/kernel/audit/record.ts';
import { seedDemo } from '../src/seed/demo.ts';
import {
  buildTestApp,
  DEMO_PASSWORD,
  freshDatabase,
  TEST_AUDIT_KEY,
  type TestApp,
  TestClock,
  testConfig,
} from './helpers.ts';
import { rewindTrail } from './part11/tampering.ts';

const signed = { electronicSignature: DEMO_PASSWORD };
const key = keyBytes(TEST_AUDIT_KEY);
const actor = { userId: null, username: 'system', fullName: 'System (test)', roleType: null };
let drugs = 0;

/** An audited change through the API (the app's chain writer writes its row). */
async function auditedChange(t: TestApp): Promise<void> {
  const res = await t.request('admin', {
    method: 'POST',
    url: '/api/v1/drugs',
    payload: { name: `Checkpoint drug ${++drugs}`, ...signed },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function checkpointOf(t: TestApp, as = 'staff'): Promise<AuditCheckpoint> {
  const res = await t.request(as, { method: 'GET', url: '/api/v1/audit-logs/checkpoint' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const verifyWith = (t: TestApp, checkpoint: unknown) =>
  t.request('staff', { method: 'POST', url: '/api/v1/audit-logs/verify', payload: { checkpoint } });

async function verified(t: TestApp) {
  const res = await t.request('staff', { method: 'GET', url: '/api/v1/audit-logs/verify' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const auditRows = async (t: TestApp) =>
  Number(
    ((await t.db.execute(sql`select count(*) as n from audit_log`)) as unknown as { rows: { n: string }[] })
      .rows[0]!.n,
  );

describe('GET /audit-logs/checkpoint', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('[P11-009] is where the chain ends now, counted and signed with a key derived from the audit key', async () => {
    await auditedChange(t);
    const checkpoint = await checkpointOf(t);
    const head = await readChainHead(t.db);
    expect(checkpoint).toEqual({
      format: 'dosechain.audit-checkpoint.v1',
      position: head!.position,
      chainHmac: head!.chainHmac,
      count: await auditRows(t),
      issuedAt: t.clock.now().toISOString(),
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(checkpoint.position).toBeGreaterThan(0);
    expect(checkpointSignatureValid(key, checkpoint)).toBe(true);
    // Derived under its own label: never the audit key itself, nor the chain's own HMAC.
    expect(checkpointKeyOf(key).equals(key)).toBe(false);
    expect(checkpointKeyOf(key)).toHaveLength(32);
    // Admin has auditTrail.read too (the matrix checks every role).
    expect((await checkpointOf(t, 'admin')).position).toBe(checkpoint.position);
  });

  it('[P11-009] verifies with the trail intact: ok, the checkpoint in the chain; a later one too', async () => {
    const checkpoint = await checkpointOf(t);
    await auditedChange(t);
    const res = await verifyWith(t, checkpoint);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      checked: await auditRows(t),
      firstBrokenId: null,
      broken: 0,
      unchained: 0,
      headMatches: true,
      endMovedBack: null,
      checkpoint: { position: checkpoint.position, issuedAt: checkpoint.issuedAt, failed: null },
    });
    expect((await verifyWith(t, await checkpointOf(t))).json().ok).toBe(true);
  });

  it('[P11-009] a checkpoint changed, forged or issued under another key: 400, nothing verified', async () => {
    const checkpoint = await checkpointOf(t);
    const refused = async (forged: unknown) => {
      const res = await verifyWith(t, forged);
      expect(res.statusCode, res.body).toBe(400);
      return res.json();
    };
    const moved = await refused({ ...checkpoint, position: checkpoint.position - 1 });
    expect(moved).toEqual({
      code: 'AUDIT_CHECKPOINT_INVALID',
      message:
        'This is not a checkpoint of this audit trail: its signature does not verify with the server’s audit key (it was changed, or issued by another server)',
      errors: [],
    });
    const flip = (hex: string) => `${hex[0] === '0' ? '1' : '0'}${hex.slice(1)}`;
    expect((await refused({ ...checkpoint, chainHmac: flip(checkpoint.chainHmac) })).code).toBe(
      'AUDIT_CHECKPOINT_INVALID',
    );
    expect((await refused({ ...checkpoint, signature: flip(checkpoint.signature) })).code).toBe(
      'AUDIT_CHECKPOINT_INVALID',
    );
    expect((await refused({ ...checkpoint, count: checkpoint.count + 1 })).code).toBe(
      'AUDIT_CHECKPOINT_INVALID',
    );
    // Signed by another server (another audit key) over this very chain position.
    const other = await buildTestApp({ config: { auditKey: 'another-audit-key-0123456789abcdef-01' } });
    try {
      const foreign = await checkpointOf(other);
      useAuditKey(TEST_AUDIT_KEY);
      expect(
        (await refused({ ...foreign, chainHmac: checkpoint.chainHmac, position: checkpoint.position })).code,
      ).toBe('AUDIT_CHECKPOINT_INVALID');
    } finally {
      await other.close();
      useAuditKey(TEST_AUDIT_KEY);
    }
    // Not a checkpoint at all: the body's fields are named.
    const bad = await refused({ ...checkpoint, position: -1, extra: 1 });
    expect(bad.code).toBe('VALIDATION_FAILED');
    expect((await refused(undefined)).code).toBe('VALIDATION_FAILED');
  });
});

describe('the trail cut back: newest rows deleted, the head pointed at the last one left', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('[P11-009] the chain alone verifies; the remembered end and the checkpoint say the end moved back', async () => {
    await auditedChange(t);
    const checkpoint = await checkpointOf(t);
    await auditedChange(t);
    await auditedChange(t);
    const newest = (await readChainHead(t.db))!;
    // Written by this server: remembered as they committed.
    expect(t.app.auditChainEnd.remembered).toEqual({
      position: newest.position,
      chainHmac: newest.chainHmac,
    });
    expect((await verified(t)).ok).toBe(true);

    // Three rows removed, the checkpoint's among them; the head rewound.
    await rewindTrail(t.db, checkpoint.position - 1);
    const after = await verified(t);
    expect(after).toEqual({
      ok: false,
      checked: checkpoint.count - 1,
      firstBrokenId: null,
      broken: 0,
      unchained: 0,
      // What the chain alone says: nothing wrong.
      headMatches: true,
      endMovedBack: { from: newest.position, to: checkpoint.position - 1 },
      checkpoint: null,
    });
    const res = await verifyWith(t, checkpoint);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ok: false,
      endMovedBack: { from: newest.position, to: checkpoint.position - 1 },
      checkpoint: { position: checkpoint.position, failed: 'entryMissing' },
    });

    // Written on past the old end: the positions are back, with other rows in them.
    for (let i = 0; i < 4; i++) await auditedChange(t);
    expect((await readChainHead(t.db))!.position).toBeGreaterThan(newest.position);
    expect((await verifyWith(t, checkpoint)).json()).toMatchObject({
      ok: false,
      broken: 0,
      headMatches: true,
      endMovedBack: { from: newest.position },
      checkpoint: { failed: 'entryChanged' },
    });
  });

  it('[P11-009] rows passed off as older than the chain (legacy_max_id raised): the count differs', async () => {
    const u = await buildTestApp();
    try {
      const checkpoint = await checkpointOf(u);
      await u.db.transaction(async (tx) => {
        await tx.execute(sql`insert into audit_log (entity_type, entity_id, event_type, changeset,
          actor_username, actor_full_name) values ('drugs', 1, 'new', '{}', 'admin', 'Ada Admin')`);
        await tx.execute(sql`update audit_chain_head set legacy_max_id = (select max(id) from audit_log)`);
      });
      const chainOnly = await verified(u);
      expect(chainOnly).toMatchObject({ ok: true, broken: 0, unchained: 1 });
      expect((await verifyWith(u, checkpoint)).json()).toMatchObject({
        ok: false,
        checkpoint: { failed: 'countChanged' },
      });
    } finally {
      await u.close();
      useAuditKey(TEST_AUDIT_KEY);
    }
  });

  it('[P11-009] a checkpoint of an empty chain (position 0, the genesis value) holds, and one beyond it does not', async () => {
    const database = await freshDatabase();
    try {
      const empty = await issueCheckpoint(database.db, key, new Date());
      expect(empty).toMatchObject({ position: 0, chainHmac: GENESIS, count: 0 });
      expect(checkpointSignatureValid(key, empty)).toBe(true);
      expect(await checkpointFailure(database.db, empty)).toBeNull();
      expect(await checkpointFailure(database.db, { ...empty, position: 1 })).toBe('entryMissing');
    } finally {
      await database.close();
    }
  });
});

describe('the end a server remembers, across a restart on the embedded database (DATA_DIR)', () => {
  it('[P11-009] is kept in DATA_DIR/audit-chain-end (0600); after a rewind while stopped, verify and the log say so', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dosechain-chain-end-'));
    const chainEndFile = path.join(dataDir, CHAIN_END_FILE);
    const database = await freshDatabase();
    const config = testConfig({ dataDir });
    const clock = new TestClock();
    useAuditKey(config.auditKey);
    await seedDemo(database.db, clock.now());
    const lines: string[] = [];
    const start = async (): Promise<FastifyInstance> => {
      const app = await buildApp({
        db: database.db,
        config,
        clock,
        auditCheckpoint: { chainEndFile },
        logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
      });
      await app.ready();
      return app;
    };
    const login = async (app: FastifyInstance) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { username: 'admin', password: DEMO_PASSWORD },
        })
      ).json().accessToken as string;
    const logged = (event: string) =>
      lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === event);
    try {
      let app = await start();
      let token = await login(app);
      for (let i = 0; i < 3; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/drugs',
          headers: { authorization: `Bearer ${token}` },
          payload: { name: `Remembered drug ${i}`, ...signed },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      // And rows another writer added, taken in by a verification.
      await recordAudits(database.db, [
        { actor, entry: { entityType: 'drugs', entityId: 1, eventType: 'update' } },
      ]);
      const verify = (a: FastifyInstance) =>
        a.inject({
          method: 'GET',
          url: '/api/v1/audit-logs/verify',
          headers: { authorization: `Bearer ${token}` },
        });
      expect((await verify(app)).json().ok).toBe(true);
      const end = (await readChainHead(database.db))!;
      // The checkpoint at start was logged, signed: the log holds where the trail ended.
      const [atStart] = logged('audit-checkpoint');
      expect(checkpointSignatureValid(key, atStart!.checkpoint as AuditCheckpoint)).toBe(true);
      await app.close();
      expect(JSON.parse(readFileSync(chainEndFile, 'utf8'))).toEqual({
        position: end.position,
        chainHmac: end.chainHmac,
      });
      expect(statSync(chainEndFile).mode & 0o777).toBe(0o600);

      // While it is stopped, the newest two rows go and the head is pointed back.
      await rewindTrail(database.db, end.position - 2);
      lines.length = 0;
      app = await start();
      token = await login(app);
      expect((await verify(app)).json()).toMatchObject({
        ok: false,
        headMatches: true,
        broken: 0,
        endMovedBack: { from: end.position, to: end.position - 2 },
      });
      // Said at start, in the log, as an error.
      await app.close();
      expect(logged('audit-chain-end-moved-back')).toEqual([
        expect.objectContaining({ level: 50, from: end.position, to: end.position - 2 }),
      ]);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the remembered end under concurrent writers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('[P11-009] verifications while 40 audited changes commit never take the end for moved back', async () => {
    await auditedChange(t); // one login and one signature check before the burst
    const verifying = (async () => {
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await verified(t));
      return answers;
    })();
    await Promise.all(Array.from({ length: 40 }, () => auditedChange(t)));
    for (const answer of await verifying) expect(answer).toMatchObject({ ok: true, endMovedBack: null });
    const head = (await readChainHead(t.db))!;
    expect(t.app.auditChainEnd.remembered).toEqual({ position: head.position, chainHmac: head.chainHmac });
    expect(await verified(t)).toMatchObject({ ok: true, endMovedBack: null });
  });
});
