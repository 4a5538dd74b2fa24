import {
  type CheckInUseEntity,
  type CompanyType,
  type ConfigResourceKey,
  companyTypeLabels,
  configResources,
} from '@dosechain/contract';

/** What differs between the company screens: names, paths and the API resource. */
export interface CompanyKind {
  type: CompanyType;
  /** Its entry in the contract's resource registry (path, labels, access). */
  resource: ConfigResourceKey;
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
    resource: 'cmos',
    label: companyTypeLabels.cmo,
    title: configResources.cmos.label.plural,
    route: '/config/cmos',
    api: configResources.cmos.path,
    uniqueEntity: configResources.cmos.checkInUse!,
  },
  clinical_site: {
    type: 'clinical_site',
    resource: 'clinical-sites',
    label: companyTypeLabels.clinical_site,
    title: configResources['clinical-sites'].label.plural,
    route: '/config/clinical-sites',
    api: configResources['clinical-sites'].path,
    uniqueEntity: configResources['clinical-sites'].checkInUse!,
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
    resource: 'imaging-centers',
    label: companyTypeLabels.imaging_center,
    title: configResources['imaging-centers'].label.plural,
    route: '/config/imaging-centers',
    api: configResources['imaging-centers'].path,
    uniqueEntity: configResources['imaging-centers'].checkInUse!,
    link: {
      field: 'clinicalSiteIds',
      answer: 'clinicalSites',
      other: 'clinical_site',
      label: 'Clinical Sites',
      related: 'Related Clinical Sites',
    },
  },
};
