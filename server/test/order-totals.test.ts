import { readFileSync } from 'node:fs';
import path from 'node:path';
import { finalOrderStatuses, type OrderStatus, orderStatuses } from '@dosechain/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../src/kernel/db/schema.ts';
import type { TestApp } from './helpers.ts';
import { type OrderIds, orderInStatus, type orderPlacer, orderTestApp, roleId } from './order-fixtures.ts';

let t: TestApp;
let ids: OrderIds;
let place: ReturnType<typeof orderPlacer>;

beforeAll(async () => {
  ({ t, ids, place } = await orderTestApp());
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
/** The rows of a statement, on either driver. */
const rowsOf = async (query: ReturnType<typeof sql>, db: Pick<TestApp['db'], 'execute'> = t.db) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** The maintained counts and the counts of the orders table itself, both as sorted text lines. */
async function countsBothWays(): Promise<{ kept: string[]; counted: string[] }> {
  const line = (r: Row) =>
    `${r.status} cmo ${r.cmo_id} site ${r.site_id} center ${r.imaging_center_id}: ${r.n}`;
  const kept = await rowsOf(sql`select status, cmo_id, site_id, imaging_center_id, orders as n
    from final_order_counts where orders <> 0 order by 1, 2, 3, 4`);
  const final = sql.join(
    finalOrderStatuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const counted = await rowsOf(sql`select status, cmo_id, site_id, imaging_center_id, count(*)::int as n
    from orders where status::text in (${final}) group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
  return { kept: kept.map(line), counted: counted.map(line) };
}

async function expectCountsInStep() {
  const { kept, counted } = await countsBothWays();
  expect(kept).toEqual(counted);
  return counted;
}

const orderIn = (status: OrderStatus) => orderInStatus(t, place, status);

/** Copies of an existing order, inserted in SQL with the given status and companies. */
async function insertCopies(
  status: OrderStatus,
  cmoId: number,
  siteId: number,
  centerId: number,
  copies = 1,
) {
  await t.db.execute(sql`insert into orders (study_id, site_id, exam_id, drug_id, cmo_id, imaging_center_id,
      timepoint_id, dose_slot_id, subject_id, calibration_datetime, status, created_by)
    select study_id, ${siteId}, exam_id, drug_id, ${cmoId}, ${centerId}, timepoint_id, dose_slot_id,
      'COPY-' || g, calibration_datetime, ${status}, created_by
    from (select * from orders order by id limit 1) o, generate_series(1, ${copies}) g`);
}

const companyId = async (name: string) =>
  (await t.db.select({ id: companies.id }).from(companies).where(sql`${companies.name} = ${name}`))[0]!.id;

describe('final_order_counts, kept by the database', () => {
  it('takes the final statuses from is_final_order_status, which answers the contract finalOrderStatuses (a new final status needs a migration re-creating it)', async () => {
    const inSql = await rowsOf(sql`select s::text as status from unnest(enum_range(null::order_status)) s
      where is_final_order_status(s) order by s`);
    expect(inSql.map((r) => r.status)).toEqual([...finalOrderStatuses]);
    const [trigger] = await rowsOf(
      sql`select prosrc from pg_proc where proname = 'final_order_counts_follow'`,
    );
    expect(trigger!.prosrc).toMatch(/is_final_order_status\(status\)/);
    expect(trigger!.prosrc).not.toMatch(/'(rejected|canceled|delivered)'/);
  });

  it('matches the orders of the demo data from the first migration on', async () => {
    const counted = await expectCountsInStep();
    expect(counted.length).toBeGreaterThan(0);
  });

  it('follows placements and every action of the lifecycle', async () => {
    for (const status of orderStatuses) {
      await orderIn(status);
      await expectCountsInStep();
    }
  });

  it('counts the contract final statuses and only them, for inserts of any status', async () => {
    const pacific = await companyId('Pacific Radiopharma');
    const rocky = await companyId('Rocky Mountain Trials');
    for (const status of orderStatuses) {
      const before = await countsBothWays();
      await insertCopies(status, pacific, rocky, ids.windy, 3);
      const after = await expectCountsInStep();
      expect(after.join() !== before.counted.join()).toBe(finalOrderStatuses.includes(status));
    }
  });

  it('follows updates of many rows at once, a change of company and deletes', async () => {
    const pacific = await companyId('Pacific Radiopharma');
    await t.db.execute(
      sql`update orders set status = 'canceled' where subject_id like 'COPY-%' and status = 'pending'`,
    );
    await expectCountsInStep();
    await t.db.execute(
      sql`update orders set cmo_id = ${pacific} where subject_id like 'COPY-%' and status = 'canceled'`,
    );
    await expectCountsInStep();
    await t.db.execute(
      sql`update orders set status = 'delivered' where subject_id = 'COPY-1' and status = 'canceled'`,
    );
    await expectCountsInStep();
    await t.db.execute(sql`delete from orders where subject_id like 'COPY-%' and status = 'rejected'`);
    const counted = await expectCountsInStep();
    expect(counted.some((line) => line.startsWith('rejected'))).toBe(true);
  });

  it('is filled from the orders already there by its migration (a database upgraded from 0006)', async () => {
    const migration = readFileSync(
      path.join(import.meta.dirname, '../src/kernel/db/migrations/0007_final_order_counts.sql'),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .find((statement) => statement.startsWith('INSERT INTO final_order_counts'));
    expect(backfill).toMatch(/FROM orders/);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`delete from final_order_counts`);
      await tx.execute(sql.raw(backfill!));
    });
    const counted = await expectCountsInStep();
    expect(counted.length).toBeGreaterThan(3);
  });

  it('is emptied with a truncate of the orders, in the same transaction', async () => {
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`truncate orders cascade`);
        const [left] = await rowsOf(
          sql`select count(*)::int as n from final_order_counts where orders <> 0`,
          tx,
        );
        expect(left!.n).toBe(0);
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'));
    await expectCountsInStep();
  });
});

describe('order list totals', () => {
  const statusFilters: Record<string, unknown> = {
    'no filter': undefined,
    'delivered (eq)': [{ field: 'status', op: 'eq', value: 'delivered' }],
    'pending (eq)': [{ field: 'status', op: 'eq', value: 'pending' }],
    'live and final (in)': [{ field: 'status', op: 'in', value: ['pending', 'accepted', 'delivered'] }],
    'every final status (in)': [{ field: 'status', op: 'in', value: ['rejected', 'canceled', 'delivered'] }],
    'an and-tree of two status conditions': {
      and: [
        { field: 'status', op: 'in', value: ['accepted', 'canceled', 'delivered'] },
        [{ field: 'status', op: 'in', value: ['canceled', 'accepted', 'pending'] }],
      ],
    },
    'two conditions that exclude each other': [
      { field: 'status', op: 'eq', value: 'canceled' },
      { field: 'status', op: 'eq', value: 'delivered' },
    ],
  };

  /** The list's total, and the total of the same list with a condition that holds always (counted). */
  async function totals(user: string, filter: unknown, role?: number, search?: string) {
    const get = async (f: unknown) => {
      const query = new URLSearchParams({ size: '1' });
      if (f !== undefined) query.set('filter', JSON.stringify(f));
      if (search) query.set('search', search);
      const res = await t.request(user, { method: 'GET', url: `/api/v1/orders?${query}` }, role);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().total as number;
    };
    const always = { field: 'id', op: 'ge', value: 0 };
    const counted = await get(filter === undefined ? [always] : [filter, always]);
    return { total: await get(filter), counted };
  }

  it('add up to what a count of the orders gives, for every role and status filter', async () => {
    const multiCmo = await roleId(t, 'multi', 'Pacific Radiopharma');
    const multiSite = await roleId(t, 'multi', 'Rocky Mountain Trials');
    const callers: [string, number | undefined][] = [
      ['admin', undefined],
      ['staff', undefined],
      ['cmo', undefined],
      ['site', undefined],
      ['imaging', undefined],
      ['multi', multiCmo],
      ['multi', multiSite],
    ];
    const seen = new Set<number>();
    for (const [user, role] of callers) {
      for (const [name, filter] of Object.entries(statusFilters)) {
        const { total, counted } = await totals(user, filter, role);
        expect(total, `${user} ${role ?? ''}: ${name}`).toBe(counted);
        seen.add(total);
      }
    }
    // The cases differ: a total of 0 everywhere would prove nothing.
    expect(seen.size).toBeGreaterThan(5);
    const [all] = await rowsOf(sql`select count(*)::int as n from orders`);
    expect((await totals('admin', undefined)).total).toBe(all!.n);
  });

  it('are counted when the list also searches', async () => {
    const { total, counted } = await totals('staff', statusFilters['delivered (eq)'], undefined, 'COPY');
    expect(total).toBe(counted);
    expect(total).toBeGreaterThan(0);
  });
});
