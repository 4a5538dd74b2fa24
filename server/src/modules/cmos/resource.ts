import { companyResource } from '../companies/company-resource.ts';

/** `/cmos`: a company kind (modules/companies). */
export default companyResource('cmo');
