import { companyKinds } from '../../components/companies/company-kinds.ts';
import { CompaniesPage } from './companies-page.tsx';
import { CompanyDetailPage } from './company-detail-page.tsx';

// One list and one detail screen per company kind, for the route table.
export const CmosPage = () => <CompaniesPage kind={companyKinds.cmo} />;
export const CmoDetailPage = () => <CompanyDetailPage kind={companyKinds.cmo} />;
export const ClinicalSitesPage = () => <CompaniesPage kind={companyKinds.clinical_site} />;
export const ClinicalSiteDetailPage = () => <CompanyDetailPage kind={companyKinds.clinical_site} />;
export const ImagingCentersPage = () => <CompaniesPage kind={companyKinds.imaging_center} />;
export const ImagingCenterDetailPage = () => <CompanyDetailPage kind={companyKinds.imaging_center} />;
