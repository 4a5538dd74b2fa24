import type { Company, CompanyType } from '@dosechain/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../kernel/db/client.ts';
import { companies } from '../../kernel/db/schema.ts';
import { defineListResource } from '../../kernel/http/list-query.ts';
import { findById } from '../shared/index.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyColumns = Omit<typeof companies.$inferInsert, 'id' | 'type' | 'createdAt' | 'updatedAt'>;

/** The list fields of `/cmos`, `/clinical-sites` and `/imaging-centers` (API contract, Lists). */
export const companyList = defineListResource({
  fields: {
    id: { column: companies.id, type: 'number', key: 'id' },
    name: { column: companies.name, type: 'text', key: 'name' },
    phone_number: { column: companies.phoneNumber, type: 'text', key: 'phoneNumber' },
    timezone: { column: companies.timezone, type: 'text', key: 'timezone' },
    city: { column: companies.city, type: 'text', key: 'address' },
    state: { column: companies.state, type: 'text', key: 'address' },
    country: { column: companies.country, type: 'text', key: 'address' },
    zip_code: { column: companies.zipCode, type: 'text', key: 'address' },
    created_at: { column: companies.createdAt, type: 'datetime', key: 'createdAt' },
    updated_at: { column: companies.updatedAt, type: 'datetime', key: 'updatedAt' },
  },
  searchFields: ['name'],
  defaultSort: '-created_at',
});

/** The API shape of a company row. */
export function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    phoneNumber: row.phoneNumber,
    timezone: row.timezone,
    address: {
      line_1: row.addressLine1,
      line_2: row.addressLine2,
      city: row.city,
      state: row.state,
      country: row.country,
      zipCode: row.zipCode,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The audited fields, flat and named as the API names them (`address.city`). */
export function companyAuditFields(row: CompanyColumns): Record<string, unknown> {
  return {
    name: row.name,
    phoneNumber: row.phoneNumber ?? null,
    timezone: row.timezone,
    'address.line_1': row.addressLine1,
    'address.line_2': row.addressLine2 ?? null,
    'address.city': row.city,
    'address.state': row.state ?? null,
    'address.country': row.country,
    'address.zipCode': row.zipCode ?? null,
  };
}

// Where the other modules have always found it.

/** A company of the type, locked FOR UPDATE when asked. */
export const findCompany = (
  db: Executor,
  type: CompanyType,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<CompanyRow | undefined> =>
  findById(db, companies, id, { ...options, where: eq(companies.type, type) });

/** Whether another company of the type has this name, ignoring case (names are stored trimmed). */
export async function companyNameTaken(
  db: Executor,
  type: CompanyType,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.type, type),
        // The same expression as the unique index, so the index answers it.
        sql`lower(${companies.name}) = lower(${name.trim()})`,
        exceptId === undefined ? undefined : ne(companies.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}
