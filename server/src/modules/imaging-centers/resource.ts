import { companyResource } from '../companies/index.ts';

/** `/imaging-centers`: a company kind (modules/companies). */
export default companyResource('imaging_center');
