import { companyResource } from '../companies/index.ts';

/** `/cmos`: a company kind (modules/companies). */
export default companyResource('cmo');
