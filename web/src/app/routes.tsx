import {
  type AccessRequirement,
  type ConfigResourceKey,
  configResources,
  STAFF_ADMIN,
} from '@dosechain/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { type CompanyKind, companyKinds } from '../components/companies/company-kinds.ts';
import { dashboardGrid } from '../features/orders/dashboard-view.ts';
import { prefetchOrdersGrid, type RoutePrefetchContext } from '../features/orders/orders-grid-query.ts';

export type MenuSection = 'Config' | 'User Management' | 'Reports';

/** A screen's lazily loaded component, with the function that starts loading its code. */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/** A lazy screen whose code can be asked for before it renders (`preload`, as the app starts). */
function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  return Object.assign(lazy(load), { preload: load });
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
}

/** A configuration entity's screens need what reading it needs (the contract's resource registry). */
const readOf = (key: ConfigResourceKey): AccessRequirement => configResources[key].access.read;
const menuOf = (key: ConfigResourceKey, section: MenuSection) => ({
  label: configResources[key].label.plural,
  section,
});

type CompanyPages = typeof import('../features/companies/company-pages.tsx');
const companyPages = () => import('../features/companies/company-pages.tsx');

/** A company kind's list (in the Config menu) and detail routes. */
function companyRoutes(kind: CompanyKind, list: keyof CompanyPages, detail: keyof CompanyPages): AppRoute[] {
  const key = kind.resource;
  return [
    {
      path: kind.route,
      requirement: readOf(key),
      page: lazyPage(() => companyPages().then((m) => ({ default: m[list] }))),
      menu: menuOf(key, 'Config'),
    },
    {
      path: `${kind.route}/:id`,
      requirement: readOf(key),
      page: lazyPage(() => companyPages().then((m) => ({ default: m[detail] }))),
    },
  ];
}

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
    page: lazyPage(() => import('../features/orders/dashboard-page.tsx')),
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
  { path: '/profile/edit', page: lazyPage(() => import('../features/profile/edit-profile-page.tsx')) },
  {
    path: '/profile/change-password',
    page: lazyPage(() => import('../features/profile/change-password-page.tsx')),
  },
  {
    path: '/cmo/orders',
    requirement: { permissions: ['order.read', 'cmoAcknowledgement.read'] },
    page: lazyPage(() => import('../features/orders/cmo-orders-page.tsx')),
    menu: { label: 'CMO Acknowledgement' },
  },
  {
    path: '/cmo/orders/:id',
    requirement: { permissions: ['order.read'] },
    page: lazyPage(() => import('../features/orders/order-detail-page.tsx')),
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
  // Config, in the spec's menu order.
  {
    path: '/config/drug-availability',
    requirement: { permissions: ['cmoManufactureAvailability.read'], roles: STAFF_ADMIN },
    page: lazyPage(() => import('./pages/availability-page.tsx')),
    menu: { label: 'Availability', section: 'Config' },
  },
  {
    path: '/config/timepoints',
    requirement: readOf('timepoints'),
    page: lazyPage(() => import('../features/timepoints/timepoints-page.tsx')),
    menu: menuOf('timepoints', 'Config'),
  },
  {
    path: '/config/drugs',
    requirement: readOf('drugs'),
    page: lazyPage(() => import('../features/drugs/drugs-page.tsx')),
    menu: menuOf('drugs', 'Config'),
  },
  {
    path: '/config/exams',
    requirement: readOf('exams'),
    page: lazyPage(() => import('./pages/exams-page.tsx')),
    menu: menuOf('exams', 'Config'),
  },
  {
    path: '/config/studies',
    requirement: readOf('studies'),
    page: lazyPage(() => import('../features/studies/studies-page.tsx')),
    menu: menuOf('studies', 'Config'),
  },
  {
    path: '/config/studies/:id',
    requirement: readOf('studies'),
    page: lazyPage(() => import('../features/studies/study-detail-page.tsx')),
  },
  ...companyRoutes(companyKinds.clinical_site, 'ClinicalSitesPage', 'ClinicalSiteDetailPage'),
  ...companyRoutes(companyKinds.imaging_center, 'ImagingCentersPage', 'ImagingCenterDetailPage'),
  ...companyRoutes(companyKinds.cmo, 'CmosPage', 'CmoDetailPage'),
  {
    path: '/reports/orders',
    requirement: { permissions: ['reports.read'], roles: STAFF_ADMIN },
    page: lazyPage(() => import('../features/reports/orders-report-page.tsx')),
    menu: { label: 'Orders Report', section: 'Reports' },
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
  // User Management.
  {
    path: '/user-management/groups',
    requirement: readOf('groups'),
    page: lazyPage(() => import('../features/groups/groups-page.tsx')),
    menu: menuOf('groups', 'User Management'),
  },
  {
    path: '/user-management/users',
    requirement: readOf('users'),
    page: lazyPage(() => import('../features/users/users-page.tsx')),
    menu: menuOf('users', 'User Management'),
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
