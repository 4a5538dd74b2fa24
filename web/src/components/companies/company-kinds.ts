import { type CheckInUseEntity, type CompanyType, companyTypeLabels } from '@dosechain/contract';

/** What differs between the company screens: names, paths and the API resource. */
export interface CompanyKind {
  type: CompanyType;
  /** Singular, as in 'Add CMO' and 'CMO not found'. */
  label: string;
  /** The list page's title. */
  title: string;
  /** The list page's route; the detail page is `${route}/:id`. */
  route: string;
  /** The API resource. */
  api: string;
  uniqueEntity: CheckInUseEntity;
  /** Clinical sites and imaging centers link to each other. */
  link?: {
    field: 'imagingCenterIds' | 'clinicalSiteIds';
    answer: 'imagingCenters' | 'clinicalSites';
    /** The other kind, whose companies are picked. */
    other: CompanyType;
    label: string;
    related: string;
  };
}

export const companyKinds: Record<CompanyType, CompanyKind> = {
  cmo: {
    type: 'cmo',
    label: companyTypeLabels.cmo,
    title: 'CMOs',
    route: '/config/cmos',
    api: '/cmos',
    uniqueEntity: 'cmo',
  },
  clinical_site: {
    type: 'clinical_site',
    label: companyTypeLabels.clinical_site,
    title: 'Clinical Sites',
    route: '/config/clinical-sites',
    api: '/clinical-sites',
    uniqueEntity: 'clinical-site',
    link: {
      field: 'imagingCenterIds',
      answer: 'imagingCenters',
      other: 'imaging_center',
      label: 'Imaging Centers',
      related: 'Related Imaging Centers',
    },
  },
  imaging_center: {
    type: 'imaging_center',
    label: companyTypeLabels.imaging_center,
    title: 'Imaging Centers',
    route: '/config/imaging-centers',
    api: '/imaging-centers',
    uniqueEntity: 'imaging-center',
    link: {
      field: 'clinicalSiteIds',
      answer: 'clinicalSites',
      other: 'clinical_site',
      label: 'Clinical Sites',
      related: 'Related Clinical Sites',
    },
  },
};
