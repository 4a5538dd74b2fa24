import { listQuerySchema } from '@dosechain/contract';
import { count, eq, sql } from 'drizzle-orm';
import { boolean, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { AppError } from './app-error.ts';
import {
  defineListResource,
  escapeLike,
  joinsFor,
  listAnswer,
  listPlan,
  pageAndTotal,
  parseFields,
  parseFilter,
  parseSort,
  tablesUsed,
} from './list-query.ts';

const things = pgTable('things', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  note: text(),
  qty: integer().notNull(),
  active: boolean().notNull(),
  born: date().notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  kind: text().notNull(),
});

const resource = defineListResource({
  fields: {
    id: { column: things.id, type: 'number', key: 'id' },
    name: { column: things.name, type: 'text', key: 'name' },
    note: { column: things.note, type: 'text', key: 'note' },
    qty: { column: things.qty, type: 'number', key: 'qty' },
    active: { column: things.active, type: 'boolean', key: 'active' },
    born: { column: things.born, type: 'date', key: 'born' },
    seen_at: { column: things.seenAt, type: 'datetime', key: 'seenAt' },
    kind: { column: things.kind, type: 'enum', key: 'kind', values: ['alpha', 'beta'] },
  },
  searchFields: ['name', 'note'],
  defaultSort: '-seen_at',
});

const rows = [
  {
    name: 'Apple',
    note: null,
    qty: 5,
    active: true,
    born: '2026-01-01',
    seenAt: '2026-03-01T10:00:00Z',
    kind: 'alpha',
  },
  {
    name: 'banana',
    note: '100% fresh',
    qty: 10,
    active: false,
    born: '2026-02-01',
    seenAt: '2026-03-02T10:00:00Z',
    kind: 'beta',
  },
  {
    name: 'Cherry_pie',
    note: 'a\\b',
    qty: 15,
    active: true,
    born: '2026-03-01',
    seenAt: '2026-03-03T10:00:00Z',
    kind: 'alpha',
  },
  {
    name: 'cherry pie',
    note: 'plain',
    qty: 20,
    active: true,
    born: '2026-04-01',
    seenAt: '2026-03-04T10:00:00Z',
    kind: 'beta',
  },
  {
    name: "O'Brien",
    note: "' or 1=1 --",
    qty: 25,
    active: false,
    born: '2026-05-01',
    seenAt: '2026-03-05T10:00:00Z',
    kind: 'alpha',
  },
];

let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
  await database.db.execute(
    sql.raw(`create table things (
      id integer generated always as identity primary key, name text not null, note text,
      qty integer not null, active boolean not null, born date not null,
      seen_at timestamptz not null, kind text not null)`),
  );
  await database.db.insert(things).values(rows.map((r) => ({ ...r, seenAt: new Date(r.seenAt) })));
});
afterAll(() => database.close());

/** Runs a list query on the tiny table and answers the names, in order. */
async function names(query: Record<string, string | number>): Promise<string[]> {
  const plan = listPlan(resource, listQuerySchema.parse(query));
  const found = await database.db
    .select({ name: things.name })
    .from(things)
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  return found.map((r) => r.name);
}
const filtered = (filter: unknown, sort = 'id') => names({ filter: JSON.stringify(filter), sort });

/** The 400 a bad list parameter gets: its `parameter` and message. */
function rejection(run: () => unknown): { parameter: string; message: string } {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    expect(e.statusCode).toBe(400);
    expect(e.code).toBe('VALIDATION_FAILED');
    return { parameter: e.errors[0]!.parameter, message: e.errors[0]!.message };
  }
  throw new Error('expected a rejection');
}

describe('filter ops', () => {
  it('eq, in and the comparisons per type', async () => {
    expect(await filtered([{ field: 'name', op: 'eq', value: 'Apple' }])).toEqual(['Apple']);
    expect(await filtered([{ field: 'qty', op: 'in', value: [5, '20'] }])).toEqual(['Apple', 'cherry pie']);
    expect(await filtered([{ field: 'qty', op: 'gt', value: 15 }])).toEqual(['cherry pie', "O'Brien"]);
    expect(await filtered([{ field: 'qty', op: 'ge', value: 15 }])).toHaveLength(3);
    expect(await filtered([{ field: 'qty', op: 'lt', value: 10 }])).toEqual(['Apple']);
    expect(await filtered([{ field: 'qty', op: 'le', value: 10 }])).toEqual(['Apple', 'banana']);
    expect(await filtered([{ field: 'active', op: 'eq', value: false }])).toEqual(['banana', "O'Brien"]);
    expect(await filtered([{ field: 'active', op: 'eq', value: 'true' }])).toHaveLength(3);
    expect(await filtered([{ field: 'born', op: 'ge', value: '2026-04-01' }])).toEqual([
      'cherry pie',
      "O'Brien",
    ]);
    expect(
      await filtered([
        { field: 'seen_at', op: 'ge', value: '2026-03-02T10:00:00Z' },
        { field: 'seen_at', op: 'le', value: '2026-03-03T12:00:00+02:00' },
      ]),
    ).toEqual(['banana', 'Cherry_pie']);
    expect(await filtered([{ field: 'kind', op: 'in', value: ['beta'] }])).toEqual(['banana', 'cherry pie']);
    expect(await filtered([{ field: 'note', op: 'eq', value: null }])).toEqual(['Apple']);
  });

  it('contains and startswith ignore case and match wildcards literally', async () => {
    expect(await filtered([{ field: 'name', op: 'contains', value: 'CHERRY' }])).toEqual([
      'Cherry_pie',
      'cherry pie',
    ]);
    expect(await filtered([{ field: 'name', op: 'contains', value: '_' }])).toEqual(['Cherry_pie']);
    expect(await filtered([{ field: 'note', op: 'contains', value: '%' }])).toEqual(['banana']);
    expect(await filtered([{ field: 'note', op: 'contains', value: '\\' }])).toEqual(['Cherry_pie']);
    expect(await filtered([{ field: 'name', op: 'startswith', value: 'b' }])).toEqual(['banana']);
    expect(await filtered([{ field: 'name', op: 'startswith', value: '%' }])).toEqual([]);
  });

  it('ilike takes the caller’s pattern', async () => {
    expect(await filtered([{ field: 'name', op: 'ilike', value: 'cherry_pie' }])).toEqual([
      'Cherry_pie',
      'cherry pie',
    ]);
    expect(await filtered([{ field: 'name', op: 'ilike', value: '%E' }])).toEqual([
      'Apple',
      'Cherry_pie',
      'cherry pie',
    ]);
    expect(
      rejection(() => parseFilter(resource, JSON.stringify([{ field: 'name', op: 'ilike', value: 'a\\' }]))),
    ).toMatchObject({ parameter: 'filter' });
  });

  it('and, or and not trees', async () => {
    expect(
      await filtered({
        or: [
          { field: 'name', op: 'eq', value: 'Apple' },
          {
            and: [
              { field: 'qty', op: 'ge', value: 20 },
              { field: 'active', op: 'eq', value: true },
            ],
          },
        ],
      }),
    ).toEqual(['Apple', 'cherry pie']);
    expect(await filtered({ not: { field: 'active', op: 'eq', value: true } })).toEqual([
      'banana',
      "O'Brien",
    ]);
    // "not" holds for rows whose column is null.
    expect(await filtered({ not: { field: 'note', op: 'contains', value: 'a' } })).toEqual([
      'Apple',
      'banana',
      "O'Brien",
    ]);
    expect(await filtered({ or: [] })).toEqual([]);
    expect(await filtered([])).toHaveLength(5);
    expect(await filtered({ or: [{ and: [] }, { field: 'name', op: 'eq', value: 'x' }] })).toHaveLength(5);
  });

  it('treats SQL in values as text', async () => {
    expect(await filtered([{ field: 'name', op: 'eq', value: "' or 1=1 --" }])).toEqual([]);
    expect(await filtered([{ field: 'note', op: 'eq', value: "' or 1=1 --" }])).toEqual(["O'Brien"]);
    expect(await filtered([{ field: 'name', op: 'contains', value: "'; drop table things; --" }])).toEqual(
      [],
    );
    expect(await names({})).toHaveLength(5);
  });
});

describe('filter rejections (400 on filter)', () => {
  const bad: [string, unknown][] = [
    ['bad JSON', '{"field":'],
    ['unknown field', [{ field: 'name; drop table users', op: 'eq', value: 1 }]],
    ['prototype field', [{ field: '__proto__', op: 'eq', value: 1 }]],
    ['unknown op', [{ field: 'name', op: 'regex', value: '.*' }]],
    ['op not for the type', [{ field: 'qty', op: 'contains', value: '1' }]],
    ['missing value', [{ field: 'name', op: 'eq' }]],
    ['extra key', [{ field: 'name', op: 'eq', value: 'a', sql: 'x' }]],
    ['number as text', [{ field: 'qty', op: 'eq', value: 'ten' }]],
    ['int out of range', [{ field: 'qty', op: 'eq', value: 3e9 }]],
    ['fraction on an int', [{ field: 'id', op: 'eq', value: 1.5 }]],
    ['bad boolean', [{ field: 'active', op: 'eq', value: 'yes' }]],
    ['bad date', [{ field: 'born', op: 'eq', value: '2026-02-30' }]],
    ['instant without offset', [{ field: 'seen_at', op: 'ge', value: '2026-03-01T10:00:00' }]],
    ['enum outside values', [{ field: 'kind', op: 'eq', value: 'gamma' }]],
    ['text as object', [{ field: 'name', op: 'eq', value: { $ne: 1 } }]],
    // JSON.stringify writes them as escapes (\u0000, \ud800): only the parsed value holds them.
    ['NUL in a text value', [{ field: 'name', op: 'eq', value: 'a\u0000' }]],
    ['NUL in an in list', [{ field: 'name', op: 'in', value: ['a', '\u0000'] }]],
    ['lone surrogate in a pattern', [{ field: 'note', op: 'contains', value: '\ud800' }]],
    ['empty in', [{ field: 'qty', op: 'in', value: [] }]],
    ['in not a list', [{ field: 'qty', op: 'in', value: 5 }]],
    ['too many in values', [{ field: 'qty', op: 'in', value: Array.from({ length: 101 }, (_, i) => i) }]],
    ['scalar filter', 42],
    ['and not a list', { and: { field: 'name', op: 'eq', value: 'a' } }],
    ['mixed node', { and: [], or: [] }],
    [
      'too deep',
      Array.from({ length: 10 }).reduce<unknown>((n) => ({ not: n }), {
        field: 'name',
        op: 'eq',
        value: 'a',
      }),
    ],
    ['too many conditions', Array.from({ length: 51 }, () => ({ field: 'name', op: 'eq', value: 'a' }))],
  ];
  it.each(bad)('%s', (_label, filter) => {
    const text = typeof filter === 'string' ? filter : JSON.stringify(filter);
    expect(rejection(() => parseFilter(resource, text)).parameter).toBe('filter');
  });

  it('names the unknown field without running it', () => {
    const r = rejection(() => parseFilter(resource, '[{"field":"nope","op":"eq","value":1}]'));
    expect(r.message).toBe('Unknown filter field "nope"');
  });

  it('survives a very deep tree without recursion trouble', () => {
    const deep = `${'{"not":'.repeat(2000)}{"field":"name","op":"eq","value":"a"}${'}'.repeat(2000)}`;
    expect(rejection(() => parseFilter(resource, deep)).parameter).toBe('filter');
  });
});

describe('sort, paging, search and fields', () => {
  it('sorts by several fields, text ignoring case, with an id tiebreak', async () => {
    expect(await names({ sort: 'name' })).toEqual(['Apple', 'banana', 'cherry pie', 'Cherry_pie', "O'Brien"]);
    expect(await names({ sort: '-active,qty' })).toEqual([
      'Apple',
      'Cherry_pie',
      'cherry pie',
      'banana',
      "O'Brien",
    ]);
    expect(await names({})).toEqual(["O'Brien", 'cherry pie', 'Cherry_pie', 'banana', 'Apple']);
  });

  it('rejects unknown or repeated sort fields on sort', () => {
    expect(rejection(() => parseSort(resource, 'name;drop')).parameter).toBe('sort');
    expect(rejection(() => parseSort(resource, 'name,-name')).parameter).toBe('sort');
    expect(rejection(() => parseSort(resource, 'name,')).parameter).toBe('sort');
  });

  it('pages with a total over the same where', async () => {
    const plan = listPlan(resource, listQuerySchema.parse({ page: 2, size: 2, sort: 'qty' }));
    const page = await database.db
      .select()
      .from(things)
      .where(plan.where)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset);
    const [{ total }] = (await database.db.select({ total: count() }).from(things).where(plan.where)) as [
      { total: number },
    ];
    const answer = listAnswer(plan, page, total);
    expect(answer.page).toBe(2);
    expect(answer.total).toBe(5);
    expect(answer.items.map((i) => i.name)).toEqual(['Cherry_pie', 'cherry pie']);
  });

  it('searches the search fields, case-insensitively and literally', async () => {
    expect(await names({ search: ' FRESH ', sort: 'id' })).toEqual(['banana']);
    expect(await names({ search: 'pie', sort: 'id' })).toEqual(['Cherry_pie', 'cherry pie']);
    expect(await names({ search: '%', sort: 'id' })).toEqual(['banana']);
    expect(await names({ search: '   ', sort: 'id' })).toHaveLength(5);
  });

  it('trims items to the asked fields, keeping id', () => {
    const keys = parseFields(resource, 'name, seen_at');
    expect(keys).toEqual(['id', 'name', 'seenAt']);
    const plan = { ...listPlan(resource, listQuerySchema.parse({})), keys };
    const answer = listAnswer(plan, [{ id: 1, name: 'a', seenAt: 'x', qty: 3 }], 1);
    expect(answer.items).toEqual([{ id: 1, name: 'a', seenAt: 'x' }]);
    expect(rejection(() => parseFields(resource, 'name,password')).parameter).toBe('fields');
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});

describe('page and total with joins', () => {
  const shelves = pgTable('shelves', { id: integer().primaryKey(), label: text().notNull() });
  const boxes = pgTable('boxes', {
    id: integer().primaryKey(),
    shelfId: integer('shelf_id').notNull(),
    size: integer().notNull(),
  });
  const boxList = defineListResource({
    fields: {
      id: { column: boxes.id, type: 'number', key: 'id' },
      size: { column: boxes.size, type: 'number', key: 'size' },
      shelf_label: { column: shelves.label, type: 'text', key: 'shelf' },
    },
    searchFields: ['shelf_label'],
    defaultSort: 'id',
  });
  const joins = [{ table: shelves, on: eq(shelves.id, boxes.shelfId) }];
  beforeAll(async () => {
    await database.db.execute(sql.raw('create table shelves (id integer primary key, label text not null)'));
    await database.db.execute(
      sql.raw(
        'create table boxes (id integer primary key, shelf_id integer not null, size integer not null)',
      ),
    );
    await database.db.insert(shelves).values([
      { id: 1, label: 'Top' },
      { id: 2, label: 'Bottom' },
    ]);
    await database.db
      .insert(boxes)
      .values(Array.from({ length: 7 }, (_, i) => ({ id: i + 1, shelfId: i < 5 ? 1 : 2, size: i + 1 })));
  });
  const run = (query: Record<string, unknown>) => {
    const plan = listPlan(boxList, listQuerySchema.parse({ size: 2, ...query }));
    const select = database.db.select({ id: boxes.id, label: shelves.label }).from(boxes).$dynamic();
    return { plan, answer: pageAndTotal(database.db, plan, { select, base: boxes, joins }) };
  };

  it('counts without the join when the filter touches only the base table', async () => {
    const { plan, answer } = run({ filter: JSON.stringify([{ field: 'size', op: 'ge', value: 3 }]) });
    expect(joinsFor(plan.where, joins)).toEqual([]);
    const { rows, total } = await answer;
    expect(total).toBe(5);
    expect(rows).toEqual([
      { id: 3, label: 'Top' },
      { id: 4, label: 'Top' },
    ]);
  });

  it('counts with the join when the filter or search uses a joined name', async () => {
    const byName = run({ filter: JSON.stringify({ not: { field: 'shelf_label', op: 'eq', value: 'Top' } }) });
    expect(joinsFor(byName.plan.where, joins)).toEqual(joins);
    expect((await byName.answer).total).toBe(2);
    const both = run({
      filter: JSON.stringify([
        { field: 'size', op: 'le', value: 6 },
        { field: 'shelf_label', op: 'eq', value: 'Bottom' },
      ]),
    });
    expect(await both.answer).toEqual({ rows: [{ id: 6, label: 'Bottom' }], total: 1 });
    expect((await run({ search: 'top' }).answer).total).toBe(5);
    expect(tablesUsed(undefined).size).toBe(0);
  });
});
