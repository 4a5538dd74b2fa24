/** Companies of every kind: their list, reads and the site ↔ imaging-center links the kinds share. */
export { companyResource } from './company-resource.ts';
export { companyList, findCompany, toCompany } from './queries.ts';
