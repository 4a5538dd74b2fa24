import { companyResource } from '../companies/index.ts';

/** `/clinical-sites`: a company kind (modules/companies). */
export default companyResource('clinical_site');
