import { PGlite } from '@electric-sql/pglite';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeError, safeErrorText } from './safe-error.ts';

const SECRET = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$secret-hash-marker';

const client = new PGlite();
const db = drizzle(client);
beforeAll(async () => {
  await db.execute(
    sql`create table accounts (name text not null constraint accounts_name_check check (name <> 'refused'), hash text)`,
  );
});
afterAll(() => client.close());

/** The error a failing statement raises, as Drizzle hands it on. */
async function failing(statement: Promise<unknown>): Promise<unknown> {
  try {
    await statement;
  } catch (err) {
    return err;
  }
  throw new Error('the statement did not fail');
}

describe('safeError', () => {
  it('keeps of a failed statement its code, constraint and table, never its parameters or SQL', async () => {
    const err = await failing(
      db.execute(sql`insert into accounts (name, hash) values (${'refused'}, ${SECRET})`),
    );
    // The raw error carries the parameter in its message, its stack and its own fields.
    expect(err).toBeInstanceOf(DrizzleQueryError);
    expect(String((err as Error).message)).toContain(SECRET);
    const safe = safeError(err);
    const text = JSON.stringify(safe);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('insert into');
    expect(safe).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'database error (code 23514, constraint accounts_name_check, table accounts)',
      cause: { code: '23514', constraint: 'accounts_name_check', table: 'accounts' },
    });
    expect(safe.stack).toMatch(/^\s+at /);
    expect(safeErrorText(err)).toBe(
      'database error (code 23514, constraint accounts_name_check, table accounts)',
    );
  });

  it('drops values PostgreSQL quotes in its own messages', async () => {
    const err = await failing(db.execute(sql`select ${'not-a-number-marker'}::integer`));
    expect(JSON.stringify(safeError(err))).not.toContain('not-a-number-marker');
    expect(safeError(err).cause?.code).toBe('22P02');
  });

  it('drops the detail, parameters and query of a driver error, whichever driver', () => {
    const pgLike = Object.assign(
      new Error(`duplicate key value violates unique constraint "users_email_key"`),
      {
        code: '23505',
        detail: `Key (lower(email))=(${SECRET}) already exists.`,
        constraint: 'users_email_key',
        table: 'users',
        query: `insert into users values ($1)`,
        params: [SECRET],
      },
    );
    const safe = safeError(pgLike);
    expect(JSON.stringify(safe)).not.toContain(SECRET);
    expect(safe).toMatchObject({ code: '23505', constraint: 'users_email_key', table: 'users' });
    expect(safe).not.toHaveProperty('detail');
  });

  it('keeps the message and stack of an error that is not the database’s, and is idempotent', () => {
    const err = new TypeError('Cannot read properties of undefined');
    const safe = safeError(err);
    expect(safe).toMatchObject({ type: 'TypeError', message: 'Cannot read properties of undefined' });
    expect(safe.stack).toContain('TypeError: Cannot read properties of undefined');
    expect(safeError(safe)).toBe(safe);
    expect(safeError('a string')).toEqual({ type: 'string', message: '', stack: '' });
  });
});
