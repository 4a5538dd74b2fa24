import { type AccessRequirement, STAFF_ADMIN } from '@dosechain/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type MenuSection = 'Config' | 'User Management' | 'Reports';

/** A screen of the app: its path, what it needs, and where the menu shows it. */
export interface AppRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  /** Public-only screens are for logged-out users; the rest need login. */
  publicOnly?: boolean;
  requirement?: AccessRequirement;
  menu?: { label: string; section?: MenuSection };
}

const configRead: AccessRequirement = { permissions: ['config.read'], roles: STAFF_ADMIN };

/**
 * Every route, declared once: the router, the sidebar and the guard all read this list.
 * Screens of later features are added here with their requirement from the spec's route table.
 */
export const appRoutes: AppRoute[] = [
  { path: '/login', publicOnly: true, page: lazy(() => import('../features/auth/login-page.tsx')) },
  {
    path: '/change-expired-password',
    publicOnly: true,
    page: lazy(() => import('../features/auth/change-expired-password-page.tsx')),
  },
  {
    path: '/',
    page: lazy(() => import('../features/dashboard/dashboard-page.tsx')),
    menu: { label: 'Dashboard' },
  },
  { path: '/profile/edit', page: lazy(() => import('../features/profile/edit-profile-page.tsx')) },
  {
    path: '/profile/change-password',
    page: lazy(() => import('../features/profile/change-password-page.tsx')),
  },
  {
    path: '/config/cmos',
    requirement: configRead,
    page: lazy(() => import('../features/cmos/cmos-page.tsx')),
    menu: { label: 'CMOs', section: 'Config' },
  },
  {
    path: '/config/cmos/:id',
    requirement: configRead,
    page: lazy(() => import('../features/cmos/cmo-detail-page.tsx')),
  },
];

/** The order of the sidebar: top-level items first, then the submenus (spec section 2). */
export const menuSections: MenuSection[] = ['Config', 'User Management', 'Reports'];
