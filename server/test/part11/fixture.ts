import { Writable } from 'node:stream';
import type { AuditEntityType, AuditEventType } from '@dosechain/contract';
import { asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Executor } from '../../src/kernel/db/client.ts';
import {
  auditLog,
  companies,
  drugs,
  exams,
  groups,
  studies,
  timepoints,
  users,
} from '../../src/kernel/db/schema.ts';
import type { TestApp } from '../helpers.ts';

/** The app's log lines (JSON, level trace), kept in memory to be scanned for secrets. */
export function memoryLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

/** Every value a log line must never contain, collected as the suite uses them. */
export class Secrets {
  readonly values = new Set<string>();
  remember(...values: string[]): void {
    for (const value of values) {
      this.values.add(value);
      // A JWT's signature is the part that must stay secret even if someone logs it split up.
      const signature = value.split('.')[2];
      if (signature) this.values.add(signature);
    }
  }
}

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET';

/** The suite's view of the app: calls as a demo user (tokens remembered as secrets), id lookups. */
export class Part11 {
  private readonly headers = new Map<string, Record<string, string>>();
  constructor(
    readonly t: TestApp,
    readonly secrets: Secrets,
  ) {}

  /** Logs in (password Demo1234) and remembers the tokens; a new session each time. */
  async login(username: string): Promise<{ accessToken: string; refreshToken: string }> {
    const session = await this.t.loginAs(username);
    this.secrets.remember(session.accessToken, session.refreshToken, `Bearer ${session.accessToken}`);
    this.headers.set(username, session.headers());
    return session;
  }

  /** A call as a logged-in demo user (logging in on first use), or without a login (`null`). */
  async send(
    username: string | null,
    method: Method,
    url: string,
    payload?: Record<string, unknown>,
  ): Promise<LightMyRequestResponse> {
    let headers: Record<string, string> = {};
    if (username) {
      if (!this.headers.has(username)) await this.login(username);
      headers = this.headers.get(username)!;
    }
    const options: InjectOptions = { method, url: `/api/v1${url}`, headers };
    if (payload) options.payload = payload;
    return this.t.app.inject(options);
  }

  /** Forgets a user's session (after a password change ends it). */
  forget(username: string): void {
    this.headers.delete(username);
  }

  private async idOf(table: typeof drugs | typeof exams | typeof studies | typeof timepoints, name: string) {
    const [row] = await this.t.db.select({ id: table.id }).from(table).where(eq(table.name, name));
    if (!row) throw new Error(`no ${name}`);
    return row.id;
  }
  drug = (name: string) => this.idOf(drugs, name);
  exam = (name: string) => this.idOf(exams, name);
  study = (name: string) => this.idOf(studies, name);
  timepoint = (name: string) => this.idOf(timepoints, name);
  async company(name: string): Promise<number> {
    const [row] = await this.t.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, name));
    if (!row) throw new Error(`no company ${name}`);
    return row.id;
  }
  async group(name: string): Promise<number> {
    const [row] = await this.t.db.select({ id: groups.id }).from(groups).where(eq(groups.name, name));
    if (!row) throw new Error(`no group ${name}`);
    return row.id;
  }
  async user(username: string) {
    const [row] = await this.t.db.select().from(users).where(eq(users.username, username));
    if (!row) throw new Error(`no user ${username}`);
    return row;
  }

  /** The id of the newest audit row: rows written after it are what a call wrote. */
  async auditMark(): Promise<number> {
    const [row] = await this.t.db
      .select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` })
      .from(auditLog);
    return row!.id;
  }
  auditSince(mark: number) {
    return this.t.db.select().from(auditLog).where(gt(auditLog.id, mark)).orderBy(asc(auditLog.id));
  }

  /**
   * Every table's row count and content digest (the mail outbox and the webhook deliveries only by
   * count: their dispatchers update attempts in the background). Equal before and after: the call changed nothing.
   */
  async fingerprint(): Promise<Record<string, string>> {
    const tables = rows<{ name: string }>(
      await this.t.db.execute(sql`
        select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
    );
    const out: Record<string, string> = {};
    for (const { name } of tables) {
      const table = sql.identifier(name);
      const digest: SQL =
        name === 'mail_outbox' || name === 'webhook_deliveries'
          ? sql`''`
          : sql`md5(coalesce(string_agg(x::text, '|' order by x::text), ''))`;
      const [row] = rows<{ n: number; digest: string }>(
        await this.t.db.execute(sql`select count(*)::int as n, ${digest} as digest from ${table} x`),
      );
      out[name] = `${row!.n} ${row!.digest}`;
    }
    return out;
  }
}

export function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** One audit row a call must write. */
export interface ExpectedAudit {
  entityType: AuditEntityType;
  entityId: number;
  eventType: AuditEventType;
  /** The changed fields old → new: all of them, or (for a new record) at least these. */
  changeset: Record<string, [unknown, unknown]>;
  /** The changeset holds at least the fields given (a new record lists every field). */
  atLeast?: boolean;
}

/** Who wrote it, why, and the signature; checked on every row a call writes. */
export interface ExpectedStamp {
  actor: { id: number | null; username: string; fullName: string; roleType: string | null };
  reason: string;
  /** The signature's meaning; null for an account event that is not an e-signed action. */
  meaning: string | null;
}

const SECOND = 1000;

/** Checks the rows a call wrote against what it must write, field by field. */
export function expectAuditRows(
  written: (typeof auditLog.$inferSelect)[],
  expected: ExpectedAudit[],
  stamp: ExpectedStamp,
  startedAt: number,
): void {
  const key = (r: { entityType: string; entityId: number; eventType: string }) =>
    `${r.entityType}/${r.entityId} ${r.eventType}`;
  expect(written.map(key).sort()).toEqual(expected.map(key).sort());
  for (const want of expected) {
    const row = written.find((r) => key(r) === key(want))!;
    if (want.atLeast) expect(row.changeset).toMatchObject(want.changeset);
    else expect(row.changeset).toEqual(want.changeset);
    expect(row).toMatchObject({
      actorUserId: stamp.actor.id,
      actorUsername: stamp.actor.username,
      actorFullName: stamp.actor.fullName,
      actorRoleType: stamp.actor.roleType,
      reason: stamp.reason,
      signed: stamp.meaning !== null,
      signatureMeaning: stamp.meaning,
    });
    // The database server's clock, an instant (timestamptz): between the call's start and now.
    // The app's injected clock is set to 2027 in this suite, so a row stamped with it would fail.
    expect(row.issuedAt).toBeInstanceOf(Date);
    expect(row.issuedAt.getTime()).toBeGreaterThanOrEqual(startedAt - 2 * SECOND);
    expect(row.issuedAt.getTime()).toBeLessThanOrEqual(Date.now() + 2 * SECOND);
  }
}

/** The column type of audit_log.issued_at: an instant, stored in UTC whatever the session's zone. */
export async function issuedAtType(db: Executor): Promise<string> {
  const [row] = rows<{ type: string }>(
    await db.execute(sql`
      select data_type as type from information_schema.columns
      where table_name = 'audit_log' and column_name = 'issued_at'`),
  );
  return row!.type;
}
