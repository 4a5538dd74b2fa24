import {
  type AccessRequirement,
  type ConfigResourceKey,
  configResourceKeys,
  configResources,
  mailLogAccess,
  STAFF_ADMIN,
  subjectsDueAccess,
} from '@dosechain/contract';
import type { ComponentType } from 'react';
import { type CompanyKind, companyKinds } from '../components/companies/company-kinds.ts';
import { type LazyComponent, lazyComponent } from '../components/lazy-component.tsx';
import { dashboardGrid } from '../features/orders/dashboard-view.ts';
import { prefetchOrdersGrid, type RoutePrefetchContext } from '../features/orders/orders-grid-query.ts';

export type MenuSection = 'Config' | 'User Management' | 'Reports';

/** A screen's lazily loaded component, with the function that starts loading its code. */
export type LazyPage = LazyComponent;

/** A lazy screen whose code can be asked for before it renders (`preload`, as the app starts). */
function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  return lazyComponent(load);
}

/** A screen of the app: its path, what it needs, and where the menu shows it. */
export interface AppRoute {
  path: string;
  page: LazyPage;
  /**
   * Starts the screen's first data request as soon as the user is known, while its code still
   * loads (the screen's query then finds it in flight or done), instead of after it.
   */
  prefetch?: (context: RoutePrefetchContext) => void;
  /** Public-only screens are for logged-out users; the rest need login. */
  publicOnly?: boolean;
  requirement?: AccessRequirement;
  menu?: { label: string; section?: MenuSection };
  /**
   * A screen whose way back is another screen (its back link): a user who may open this one but
   * not `unless` is sent to `to`, the same record on a screen whose way back they can follow.
   */
  elsewhere?: { unless: AccessRequirement; to: string };
}

/** CMO Acknowledgement's requirement: its list, and the way back from its order pages. */
const cmoAcknowledgementAccess: AccessRequirement = {
  permissions: ['order.read', 'cmoAcknowledgement.read'],
};

/** A configuration entity's screens need what reading it needs (the contract's resource registry). */
const readOf = (key: ConfigResourceKey): AccessRequirement => configResources[key].access.read;

/** The permission area a registry entry is read under: its screen's path and menu section follow. */
const areaOf = (key: ConfigResourceKey) => readOf(key).permissions?.[0]?.split('.')[0];

/** The menu section and path prefix of each area a configuration entity can be under. */
const areaScreens: Record<string, { section: MenuSection; prefix: string }> = {
  config: { section: 'Config', prefix: '/config' },
  userManagement: { section: 'User Management', prefix: '/user-management' },
};

/** The list screen's path of a configuration entity: `/config/drugs`, `/user-management/users`. */
export const configScreenPath = (key: ConfigResourceKey) =>
  `${areaScreens[areaOf(key) ?? '']?.prefix}/${key}`;

type CompanyPages = typeof import('../features/companies/company-pages.tsx');
const companyPages = () => import('../features/companies/company-pages.tsx');
const companyPage = (name: keyof CompanyPages) =>
  lazyPage(() => companyPages().then((m) => ({ default: m[name] })));

/**
 * The list screen of each configuration entity: the default export of
 * `features/<key>/config-page.tsx`, found by the key, where one exists.
 */
const configPageFiles = import.meta.glob<{ default: ComponentType }>('../features/*/config-page.tsx');

/** The screens composed elsewhere: in `app/pages/` (with another feature's widget) or one feature for three kinds. */
const configPagesElsewhere: Partial<Record<ConfigResourceKey, LazyPage>> = {
  exams: lazyPage(() => import('./pages/exams-page.tsx')),
  cmos: companyPage('CmosPage'),
  'clinical-sites': companyPage('ClinicalSitesPage'),
  'imaging-centers': companyPage('ImagingCentersPage'),
};

/** Where a registry entry's screen must be, when it has none. */
export const configPageFileOf = (key: string) => `web/src/features/${key}/config-page.tsx`;

/**
 * The list screen of a registry entry; none when it has neither a `config-page.tsx` nor a
 * screen composed elsewhere (its route then fails to load, naming the file to add).
 */
export function configPageOf(
  key: string,
  files: Record<string, () => Promise<{ default: ComponentType }>> = configPageFiles,
): LazyPage | undefined {
  const elsewhere = configPagesElsewhere[key as ConfigResourceKey];
  if (elsewhere) return elsewhere;
  const load = files[`../features/${key}/config-page.tsx`];
  return load ? lazyPage(load) : undefined;
}

/** A page that cannot load: a registry entry's missing screen, named. */
export const missingConfigPage = (key: string) =>
  lazyPage(() =>
    Promise.reject(new Error(`Configuration entity '${key}' has no screen: add ${configPageFileOf(key)}`)),
  );

/** Every configuration entity's list screen and menu item, in the registry's (the menu's) order. */
const configEntityRoutes: AppRoute[] = configResourceKeys.map((key) => ({
  path: configScreenPath(key),
  requirement: readOf(key),
  page: configPageOf(key) ?? missingConfigPage(key),
  menu: { label: configResources[key].label.plural, section: areaScreens[areaOf(key) ?? '']!.section },
}));

/** A company kind's detail route (its list is the registry's). */
const companyDetailRoute = (kind: CompanyKind, detail: keyof CompanyPages): AppRoute => ({
  path: `${kind.route}/:id`,
  requirement: readOf(kind.resource),
  page: companyPage(detail),
});

/**
 * Every route, declared once: the router, the sidebar and the guard all read this list.
 * Screens of later features are added here with their requirement from the spec's route table.
 */
export const appRoutes: AppRoute[] = [
  { path: '/login', publicOnly: true, page: lazyPage(() => import('../features/auth/login-page.tsx')) },
  {
    path: '/change-expired-password',
    publicOnly: true,
    page: lazyPage(() => import('../features/auth/change-expired-password-page.tsx')),
  },
  // The same logged-out change, for someone who knows their password but has no expiry redirect.
  {
    path: '/change-password',
    publicOnly: true,
    page: lazyPage(() => import('../features/auth/change-expired-password-page.tsx')),
  },
  {
    path: '/',
    page: lazyPage(() => import('./pages/dashboard-page.tsx')),
    prefetch: (context) => {
      const grid = dashboardGrid(context.user);
      if (grid) prefetchOrdersGrid(context, grid.statuses, [{ id: grid.sortBy, desc: false }]);
    },
    menu: { label: 'Dashboard' },
  },
  {
    path: '/place-order',
    requirement: { permissions: ['order.create'] },
    page: lazyPage(() => import('../features/place-order/place-order-page.tsx')),
    menu: { label: 'Place order' },
  },
  // Issue 36: who is due for a dose by the study's schedule (never a CMO).
  {
    path: '/subjects-due',
    requirement: subjectsDueAccess,
    page: lazyPage(() => import('../features/subjects-due/subjects-due-page.tsx')),
    menu: { label: 'Subjects due' },
  },
  { path: '/profile/edit', page: lazyPage(() => import('../features/profile/edit-profile-page.tsx')) },
  {
    path: '/profile/change-password',
    page: lazyPage(() => import('../features/profile/change-password-page.tsx')),
  },
  {
    path: '/cmo/orders',
    requirement: cmoAcknowledgementAccess,
    page: lazyPage(() => import('../features/orders/cmo-orders-page.tsx')),
    menu: { label: 'CMO Acknowledgement' },
  },
  {
    path: '/cmo/orders/:id',
    requirement: { permissions: ['order.read'] },
    page: lazyPage(() => import('../features/orders/order-detail-page.tsx')),
    // Its back link leads to CMO Acknowledgement: a site or imaging user (a link passed on, an
    // old bookmark) gets the same order on the page whose back link is Order status.
    elsewhere: { unless: cmoAcknowledgementAccess, to: '/orders/:id' },
  },
  {
    path: '/orders/status',
    requirement: { permissions: ['orderStatus.read'] },
    page: lazyPage(() => import('../features/orders/order-status-page.tsx')),
    prefetch: (context) => prefetchOrdersGrid(context),
    menu: { label: 'Order status' },
  },
  {
    path: '/orders/:id',
    requirement: { permissions: ['order.read'] },
    page: lazyPage(() => import('../features/orders/order-detail-page.tsx')),
  },
  // Top level after Place order, CMO Acknowledgement and Order status (spec's menu order).
  {
    path: '/audit-trail',
    requirement: { permissions: ['auditTrail.read'], roles: STAFF_ADMIN },
    page: lazyPage(() => import('../features/audit-trail/audit-trail-page.tsx')),
    menu: { label: 'Audit trail' },
  },
  // The notification log (issue 22): every outgoing mail, staff and admin.
  {
    path: '/notification-log',
    requirement: mailLogAccess.read,
    page: lazyPage(() => import('../features/notification-log/notification-log-page.tsx')),
    menu: { label: 'Notification log' },
  },
  // Config, in the spec's menu order: Availability, then the registry's entities (User
  // Management's among them, shown in their own section).
  {
    path: '/config/drug-availability',
    requirement: { permissions: ['cmoManufactureAvailability.read'], roles: STAFF_ADMIN },
    page: lazyPage(() => import('./pages/availability-page.tsx')),
    menu: { label: 'Availability', section: 'Config' },
  },
  ...configEntityRoutes,
  {
    path: '/config/studies/:id',
    requirement: readOf('studies'),
    page: lazyPage(() => import('../features/studies/study-detail-page.tsx')),
  },
  companyDetailRoute(companyKinds.clinical_site, 'ClinicalSiteDetailPage'),
  companyDetailRoute(companyKinds.imaging_center, 'ImagingCenterDetailPage'),
  companyDetailRoute(companyKinds.cmo, 'CmoDetailPage'),
  {
    path: '/reports/orders',
    requirement: { permissions: ['reports.read'], roles: STAFF_ADMIN },
    page: lazyPage(() => import('../features/reports/orders-report-page.tsx')),
    menu: { label: 'Orders Report', section: 'Reports' },
  },
  // What happened to every dose (issue 35): any role that reads order status, in its company's scope.
  {
    path: '/reports/dose-accountability',
    requirement: { permissions: ['orderStatus.read'] },
    page: lazyPage(() => import('../features/reports/dose-accountability-page.tsx')),
    menu: { label: 'Dose Accountability', section: 'Reports' },
  },
  // Password recovery: request a link, and the page the mailed link opens.
  {
    path: '/reset-password',
    publicOnly: true,
    page: lazyPage(() => import('../features/auth/reset-password-page.tsx')),
  },
  {
    path: '/password-reset',
    publicOnly: true,
    page: lazyPage(() => import('../features/auth/password-reset-page.tsx')),
  },
];

/** The order of the sidebar: top-level items first, then the submenus (spec section 2). */
export const menuSections: MenuSection[] = ['Config', 'User Management', 'Reports'];

/**
 * The tab title of the screens the menu does not name (the menu's label names the others), by
 * path; `pageTitle` (page-title.ts) writes it as "<title> — <app>".
 */
export const routeTitles: Record<string, string> = {
  '/login': 'Log in',
  '/change-expired-password': 'Change your password',
  '/change-password': 'Change your password',
  '/reset-password': 'Recover your password',
  '/password-reset': 'Choose a new password',
  '/profile/edit': 'Profile',
  '/profile/change-password': 'Change Password',
  '/cmo/orders/:id': 'Order',
  '/orders/:id': 'Order',
  '/config/studies/:id': 'Study',
  ...Object.fromEntries(Object.values(companyKinds).map((k) => [`${k.route}/:id`, k.label])),
};
