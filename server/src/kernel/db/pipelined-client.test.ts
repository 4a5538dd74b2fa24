import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../../../test/helpers.ts';
import { type Database, openDatabase } from './client.ts';
import type { PipelinedClient } from './pipelined-client.ts';

const baseUrl = process.env.TEST_DATABASE_URL;

/** The connection's transaction status from its last ReadyForQuery: I idle, T in a transaction, E failed. */
const txStatus = (client: pg.PoolClient) =>
  (client as unknown as { getTransactionStatus(): string }).getTransactionStatus();

/** The rows a statement answered (Drizzle's node-postgres result). */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** Round trips are counted by PostgreSQL's ReadyForQuery: one per Sync (or simple query) answered. */
describe.runIf(process.env.TEST_DB === 'pg' && baseUrl)(
  'a transaction whose BEGIN rides on its first statement',
  () => {
    let created: { url: string; drop(): Promise<void> };
    let database: Database;
    let pool: pg.Pool;
    let roundTrips = 0;
    const counted = new WeakSet<object>();

    beforeAll(async () => {
      created = await createPgDatabase(baseUrl!);
      database = await openDatabase({ url: created.url, pg: { poolMax: 1 } });
      pool = (database.db as unknown as { $client: pg.Pool }).$client;
      pool.on('acquire', (client) => {
        if (counted.has(client)) return;
        counted.add(client);
        (client as unknown as { connection: pg.Connection }).connection.on(
          'readyForQuery',
          () => roundTrips++,
        );
      });
      await database.db.execute(sql`create table t (id integer primary key, note text)`);
    });
    afterAll(async () => {
      await database?.close();
      await created?.drop();
    });

    /** A connection from the pool is in no transaction after a statement of its own. */
    async function expectNoOpenTransaction(): Promise<void> {
      const client = await pool.connect();
      try {
        await client.query('select 1');
        expect(txStatus(client)).toBe('I');
      } finally {
        client.release();
      }
    }

    /** The round trips `work` takes, and its result. */
    async function trips<T>(work: () => Promise<T>): Promise<{ trips: number; result: T }> {
      const before = roundTrips;
      const result = await work();
      return { trips: roundTrips - before, result };
    }

    const xact = sql`select pg_current_xact_id()::text as id, ${1}::integer as one`;

    it('sends BEGIN and the first statement in one round trip, and runs the statement inside the transaction', async () => {
      const { trips: n, result } = await trips(() =>
        database.db.transaction(async (tx) => {
          const first = await tx.execute(xact);
          await tx.execute(sql`insert into t values (${1}, ${'one'})`);
          const last = await tx.execute(xact);
          return [rowsOf(first)[0], rowsOf(last)[0]] as { id: string }[];
        }),
      );
      // BEGIN + the first statement, the insert, the last statement, COMMIT: 4 (5 without).
      expect(n).toBe(4);
      expect(result[0]!.id).toBe(result[1]!.id);
      const rows = await database.db.execute(sql`select note from t where id = 1`);
      expect(rowsOf(rows)).toEqual([{ note: 'one' }]);
    });

    it('rolls back a transaction whose first statement fails, and the connection serves the next one', async () => {
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into t values (${2}, ${'two'}), (${2}, ${'again'})`);
        }),
      ).rejects.toMatchObject({ cause: { code: '23505' } });
      const rolledBack = await database.db.execute(sql`select count(*)::int as n from t where id = 2`);
      expect(rowsOf(rolledBack)).toEqual([{ n: 0 }]);
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (${3}, ${'three'})`);
      });
      const committed = await database.db.execute(sql`select note from t where id = 3`);
      expect(rowsOf(committed)).toEqual([{ note: 'three' }]);
    });

    it('sends nothing for a transaction without statements, nor for one that fails before its first', async () => {
      const empty = await trips(() => database.db.transaction(async () => 'done'));
      expect(empty).toEqual({ trips: 0, result: 'done' });
      const failed = await trips(() =>
        database.db
          .transaction(async () => {
            throw new Error('refused before any statement');
          })
          .catch((err: Error) => err.message),
      );
      expect(failed).toEqual({ trips: 0, result: 'refused before any statement' });
      // No transaction was left open on the connection.
      await expectNoOpenTransaction();
    });

    it('sends BEGIN on its own before a first statement without parameters (it may hold several commands)', async () => {
      const { trips: n, result } = await trips(() =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql.raw('select 1; select 2'));
          return rowsOf(await tx.execute(xact))[0] as { id: string };
        }),
      );
      expect(n).toBe(4);
      expect(result.id).toMatch(/^\d+$/);
    });

    it('prepares a named statement once on the connection when it comes first', async () => {
      const named = { name: 'deferred_begin_named', text: 'select $1::integer + 1 as n' };
      // Through a pooled client, as Drizzle's transaction talks to it.
      const client = await pool.connect();
      try {
        for (const value of [1, 2]) {
          await client.query({ text: 'begin' }, []);
          const res = await client.query(named, [value]);
          expect(res.rows).toEqual([{ n: value + 1 }]);
          await client.query({ text: 'commit' }, []);
        }
        const prepared = await client.query<{ n: number }>(
          `select count(*)::int as n from pg_prepared_statements where name = 'deferred_begin_named'`,
        );
        expect(prepared.rows).toEqual([{ n: 1 }]);
      } finally {
        client.release();
      }
    });

    it('forgets a BEGIN kept by a connection given back without a statement', async () => {
      const client = await pool.connect();
      await client.query({ text: 'begin' }, []);
      client.release();
      const again = await pool.connect();
      try {
        await again.query({ text: 'select $1::integer as n' }, [1]);
        expect(txStatus(again)).toBe('I');
      } finally {
        again.release();
      }
    });

    /** The transaction's pooled connection, as Drizzle holds it. */
    const clientOf = (tx: unknown) =>
      (tx as { _: { session: { client: PipelinedClient } } })._.session.client;

    it("sends a last statement, its savepoint and the COMMIT in one round trip; Drizzle's COMMIT then sends nothing", async () => {
      let answeredEarly: unknown[] | undefined;
      const { trips: n } = await trips(() =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into t values (${10}, ${'ten'})`);
          const sent = clientOf(tx).queryThenCommit(
            {
              name: 'pipelined_last',
              text: 'insert into t values ($1, $2) returning id',
              values: [11, 'eleven'],
            },
            'last_statement',
            (rows) => {
              answeredEarly = rows;
            },
          );
          expect(sent).not.toBeNull();
          const result = await sent!;
          expect(result.rows).toEqual([{ id: 11 }]);
        }),
      );
      // BEGIN + the first insert, then savepoint + the last + COMMIT: 2 (4 without).
      expect(n).toBe(2);
      expect(answeredEarly).toEqual([{ id: 11 }]);
      const rows = await database.db.execute(sql`select id from t where id in (10, 11) order by id`);
      expect(rowsOf(rows)).toEqual([{ id: 10 }, { id: 11 }]);
    });

    it('skips the COMMIT when the last statement fails: the transaction goes on from the savepoint', async () => {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (${20}, ${'twenty'})`);
        const failing = clientOf(tx).queryThenCommit(
          { text: 'insert into t values ($1, $2), ($1, $2)', values: [21, 'twice'] },
          'last_statement',
          () => {
            throw new Error('not answered');
          },
        );
        await expect(failing).rejects.toMatchObject({ code: '23505' });
        await tx.execute(sql.raw('rollback to savepoint last_statement'));
        await tx.execute(sql`insert into t values (${22}, ${'instead'})`);
      });
      const rows = await database.db.execute(sql`select id from t where id between 20 and 29 order by id`);
      expect(rowsOf(rows)).toEqual([{ id: 20 }, { id: 22 }]);
    });

    it("ends the transaction when the COMMIT itself fails, and Drizzle's ROLLBACK then sends nothing", async () => {
      await database.db.execute(
        sql.raw('create table d (id integer, constraint d_once unique (id) deferrable initially deferred)'),
      );
      const failed = database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into d values (${1})`);
        await clientOf(tx).queryThenCommit(
          { text: 'insert into d values ($1)', values: [1] },
          'last_statement',
          () => {},
        );
      });
      await expect(failed).rejects.toMatchObject({ code: '23505' });
      const rows = await database.db.execute(sql`select count(*)::int as n from d`);
      expect(rowsOf(rows)).toEqual([{ n: 0 }]);
      await expectNoOpenTransaction();
    });
  },
);
