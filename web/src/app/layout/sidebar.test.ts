import { allPermissions, emptyPermissions, type MeUser } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { userMeets } from '../../auth/access.ts';
import { appRoutes } from '../routes.tsx';
import { visibleMenu } from './sidebar.tsx';

const user = (roleType: NonNullable<MeUser['currentRole']>['type'], permissions = emptyPermissions()) =>
  ({
    permissions,
    currentRole: {
      id: null,
      name: roleType,
      type: roleType,
      companyId: null,
      companyName: null,
      companyTimezone: null,
    },
  }) as MeUser;

const labels = (u: MeUser) => {
  const menu = visibleMenu(appRoutes, (r) => userMeets(u, r.requirement));
  return [...menu.top, ...menu.sections.flatMap((s) => s.items)].map((r) => r.menu?.label);
};

/** The ordering screens, which lead the menu. */
const ORDERING_MENU = ['Dashboard', 'Place order', 'CMO Acknowledgement', 'Order status'];

/** The whole menu in its order, as an admin with every permission sees it. */
const WHOLE_MENU = [
  'Dashboard',
  'Place order',
  'Subjects due',
  'CMO Acknowledgement',
  'Order status',
  'Audit trail',
  'Notification log',
  'Availability',
  'Timepoints',
  'Drugs',
  'Radionuclides',
  'Exams',
  'Studies',
  'Clinical Sites',
  'Imaging Centers',
  'CMOs',
  'Groups',
  'Users',
  'Orders Report',
  'Dose Accountability',
];

describe('the menu', () => {
  it('shows configuration to staff and admin with config.read', () => {
    expect(labels(user('admin', allPermissions()))).toEqual(WHOLE_MENU);
  });

  it('shows the Notification log to staff and admin who read CMO acknowledgement, never to a CMO', () => {
    const perms = emptyPermissions();
    perms.cmoAcknowledgement.read = true;
    expect(labels(user('staff', perms))).toContain('Notification log');
    expect(labels(user('admin', perms))).toContain('Notification log');
    expect(labels(user('cmo', perms))).not.toContain('Notification log');
  });

  it('shows User Management to staff and admin with userManagement.read only', () => {
    const readers = emptyPermissions();
    readers.userManagement.read = true;
    expect(labels(user('staff', readers))).toEqual(['Dashboard', 'Groups', 'Users']);
    expect(labels(user('clinical_site', readers))).toEqual(['Dashboard']);
  });

  it('shows the Orders Report to staff and admin with reports.read only', () => {
    const perms = emptyPermissions();
    perms.reports.read = true;
    expect(labels(user('staff', perms))).toEqual(['Dashboard', 'Orders Report']);
    expect(labels(user('clinical_site', perms))).toEqual(['Dashboard']);
  });

  it('shows Dose Accountability to every role that reads order status, and to none without it', () => {
    const perms = emptyPermissions();
    perms.orderStatus.read = true;
    for (const role of ['staff', 'admin', 'cmo', 'clinical_site', 'imaging_center'] as const)
      expect(labels(user(role, perms))).toContain('Dose Accountability');
    expect(labels(user('cmo'))).not.toContain('Dose Accountability');
  });

  it('hides configuration from company roles even with the permission, and without it', () => {
    expect(labels(user('cmo', allPermissions()))).toEqual([...ORDERING_MENU, 'Dose Accountability']);
    expect(labels(user('staff'))).toEqual(['Dashboard']);
  });

  it('shows only the dashboard to a user without a role, whatever the map says', () => {
    const noRole = { ...user('staff', allPermissions()), currentRole: null } as MeUser;
    expect(labels(noRole)).toEqual(['Dashboard']);
  });

  it('offers Place order to whoever may place orders, whatever the role', () => {
    const perms = emptyPermissions();
    perms.order.create = true;
    expect(labels(user('clinical_site', perms))).toEqual(['Dashboard', 'Place order', 'Subjects due']);
  });
});
