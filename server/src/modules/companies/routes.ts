import { type CompanyType, companyBodySchemas, companySchema } from '@dosechain/contract';
import { configRoutes } from '../shared/config-routes.ts';
import { companyKinds, createCompany, getCompany, listCompanies, updateCompany } from './service.ts';

/**
 * The routes of one company kind under its registry path (`/cmos`, `/clinical-sites`,
 * `/imaging-centers`): list, create, read, update. Each kind accepts only its own link field
 * (a CMO has none).
 */
function companyRoutes(type: CompanyType) {
  const bodies = companyBodySchemas(type);
  return configRoutes({
    key: companyKinds[type].key,
    item: companySchema,
    createBody: bodies.create,
    updateBody: bodies.update,
    list: (ctx, query) => listCompanies(ctx, type, query),
    get: (ctx, id) => getCompany(ctx, type, id),
    create: (ctx, input) => createCompany(ctx, type, input),
    update: (ctx, id, input) => updateCompany(ctx, type, id, input),
  });
}

export const cmoRoutes = companyRoutes('cmo');
export const clinicalSiteRoutes = companyRoutes('clinical_site');
export const imagingCenterRoutes = companyRoutes('imaging_center');
