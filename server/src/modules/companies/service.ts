import {
  type AuditEntityType,
  type Company,
  type CompanyType,
  type ConfigResourceKey,
  type companyCreateBodySchema,
  type companyUpdateBodySchema,
  configResources,
  type ListQuery,
  type ListResponse,
} from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedMutation } from '../../kernel/audit/mutation.ts';
import { companies } from '../../kernel/db/schema.ts';
import { alreadyUsed } from '../../kernel/http/app-error.ts';
import type { ServiceContext } from '../../kernel/http/context.ts';
import type { ListItem } from '../../kernel/http/list-query.ts';
import { changesNothing, foundOr404, listTable, uniqueName, updateById } from '../shared/index.ts';
import { hasLinks, linkIdsOf, loadLinks, replaceLinks } from './links.ts';
import {
  type CompanyColumns,
  companyAuditFields,
  companyList,
  companyNameTaken,
  findCompany,
  toCompany,
} from './queries.ts';

export type CompanyCreateInput = z.output<typeof companyCreateBodySchema>;
export type CompanyUpdateInput = z.output<typeof companyUpdateBodySchema>;

/** The registry keys of the company kinds. */
export type CompanyResourceKey = Extract<ConfigResourceKey, 'cmos' | 'clinical-sites' | 'imaging-centers'>;

/** A company kind as the registry has it: label (messages, signature meaning) and audit name. */
const kind = (key: CompanyResourceKey) => ({
  key,
  label: configResources[key].label.singular,
  entityType: key as AuditEntityType,
});

/** What differs between the company kinds: their registry entry, label and audit name. */
export const companyKinds: Record<
  CompanyType,
  { key: CompanyResourceKey; label: string; entityType: AuditEntityType }
> = {
  cmo: kind('cmos'),
  clinical_site: kind('clinical-sites'),
  imaging_center: kind('imaging-centers'),
};

/** Empty optional text is stored as NULL. */
const orNull = (v: string | null | undefined) => (v ? v : null);

/** The columns the sent fields set; fields not sent are left out (a partial update). */
function columnsOf(input: CompanyUpdateInput): Partial<CompanyColumns> {
  const out: Partial<CompanyColumns> = {};
  if (input.name !== undefined) out.name = input.name;
  if (input.phoneNumber !== undefined) out.phoneNumber = orNull(input.phoneNumber);
  if (input.timezone !== undefined) out.timezone = input.timezone;
  if (input.address !== undefined) {
    const a = input.address;
    Object.assign(out, {
      addressLine1: a.line_1,
      addressLine2: orNull(a.line_2),
      city: a.city,
      state: orNull(a.state),
      country: a.country,
      zipCode: orNull(a.zipCode),
    });
  }
  return out;
}

/** One page of companies of a type, per the list query. */
export async function listCompanies(
  ctx: ServiceContext,
  type: CompanyType,
  query: ListQuery,
): Promise<ListResponse<ListItem<Company>>> {
  return listTable(
    ctx.db,
    companyList,
    query,
    companies,
    (rows) => rows.map(toCompany),
    eq(companies.type, type),
  );
}

/** A company of the type; 404 '<label> not found' when there is none with that id and type. */
export async function getCompany(ctx: ServiceContext, type: CompanyType, id: number): Promise<Company> {
  const row = foundOr404(companyKinds[type].key, await findCompany(ctx.db, type, id));
  return { ...toCompany(row), ...(await loadLinks(ctx.db, type, id)) };
}

/** Creates a company of the type, signed and audited; the name is unique per type. */
export async function createCompany(
  ctx: ServiceContext,
  type: CompanyType,
  input: CompanyCreateInput,
): Promise<Company> {
  const { label, entityType } = companyKinds[type];
  const values = columnsOf(input) as CompanyColumns;
  return uniqueName(() =>
    auditedMutation(ctx, input, { meaning: `Created ${label}` }, async (tx, audit) => {
      if (await companyNameTaken(tx, type, values.name)) throw alreadyUsed('name');
      const [row] = await tx
        .insert(companies)
        .values({ ...values, type })
        .returning();
      await audit({ entityType, entityId: row!.id, eventType: 'new', after: companyAuditFields(row!) });
      const linkIds = linkIdsOf(type, input);
      if (hasLinks(type) && linkIds) await replaceLinks(tx, type, row!.id, linkIds, audit);
      return { ...toCompany(row!), ...(await loadLinks(tx, type, row!.id)) };
    }),
  );
}

/** Changes the sent fields of a company, signed and audited; a change of nothing writes nothing. */
export async function updateCompany(
  ctx: ServiceContext,
  type: CompanyType,
  id: number,
  input: CompanyUpdateInput,
): Promise<Company> {
  const { key, label, entityType } = companyKinds[type];
  // A missing record is a 404 before any signature is asked for.
  await getCompany(ctx, type, id);
  const changes = columnsOf(input);
  return uniqueName(() =>
    auditedMutation(ctx, input, { meaning: `Updated ${label}` }, async (tx, audit) => {
      const before = foundOr404(key, await findCompany(tx, type, id, { forUpdate: true }));
      const linkIds = linkIdsOf(type, input);
      const linksChanged =
        hasLinks(type) && linkIds ? await replaceLinks(tx, type, id, linkIds, audit) : false;
      const beforeFields = companyAuditFields(before);
      if (changesNothing(beforeFields, companyAuditFields({ ...before, ...changes }))) {
        if (linksChanged) await updateById(tx, companies, id, {});
        return { ...toCompany(before), ...(await loadLinks(tx, type, id)) };
      }
      if (changes.name !== undefined && (await companyNameTaken(tx, type, changes.name, id))) {
        throw alreadyUsed('name');
      }
      const row = await updateById(tx, companies, id, changes);
      await audit({
        entityType,
        entityId: id,
        eventType: 'update',
        before: beforeFields,
        after: companyAuditFields(row),
      });
      return { ...toCompany(row), ...(await loadLinks(tx, type, id)) };
    }),
  );
}
