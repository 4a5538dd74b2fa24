import { companyResource } from '../companies/company-resource.ts';

/** `/clinical-sites`: a company kind (modules/companies). */
export default companyResource('clinical_site');
