import { type CompanyType, companyBodySchemas, companySchema } from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import { companies } from '../../kernel/db/schema.ts';
import { defineConfigResource } from '../shared/index.ts';
import { companyKinds, createCompany, getCompany, listCompanies, updateCompany } from './service.ts';

/**
 * The server side of one company kind, under its registry path (`/cmos`, `/clinical-sites`,
 * `/imaging-centers`): list, create, read, update. Each kind accepts only its own link field
 * (a CMO has none: the registry's schemas) and checks its names among its own kind.
 */
export function companyResource(type: CompanyType) {
  const bodies = companyBodySchemas(type);
  return defineConfigResource({
    key: companyKinds[type].key,
    schemas: { item: companySchema, create: bodies.create, update: bodies.update },
    list: (ctx, query) => listCompanies(ctx, type, query),
    get: (ctx, id) => getCompany(ctx, type, id),
    create: (ctx, input) => createCompany(ctx, type, input),
    update: (ctx, id, input) => updateCompany(ctx, type, id, input),
    unique: {
      name: { table: companies, column: companies.name, id: companies.id, where: eq(companies.type, type) },
    },
  });
}
