import { companyResource } from '../companies/company-resource.ts';

/** `/imaging-centers`: a company kind (modules/companies). */
export default companyResource('imaging_center');
