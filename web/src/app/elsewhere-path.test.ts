import {
  allPermissions,
  effectivePermissions,
  emptyPermissions,
  type MeUser,
  type RoleType,
} from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { testUser } from '../test/users.ts';
import { elsewherePath } from './router.tsx';
import { appRoutes } from './routes.tsx';

const route = (path: string) => appRoutes.find((r) => r.path === path)!;

/** A user of a role of `type` whose groups grant everything: what that role type may do at most. */
const userIn = (type: RoleType): MeUser =>
  testUser({
    permissions: effectivePermissions(allPermissions(), type),
    currentRole: { id: 1, name: type, type, companyId: 1, companyName: 'Co', companyTimezone: null },
  });

describe('an order page under CMO Acknowledgement, for a user who cannot go back there', () => {
  it('sends a site user to the same order under Order status', () => {
    const site = userIn('clinical_site');
    expect(elsewherePath(route('/cmo/orders/:id'), site, { id: '1' })).toBe('/orders/1');
  });

  it('leaves a CMO and staff where they are', () => {
    expect(elsewherePath(route('/cmo/orders/:id'), userIn('cmo'), { id: '1' })).toBe(undefined);
    expect(elsewherePath(route('/cmo/orders/:id'), userIn('staff'), { id: '1' })).toBe(undefined);
  });

  it('moves nobody from a screen without an elsewhere', () => {
    expect(elsewherePath(route('/orders/:id'), userIn('clinical_site'), { id: '1' })).toBe(undefined);
    const noRights = testUser({ permissions: emptyPermissions() });
    expect(elsewherePath(route('/place-order'), noRights, {})).toBe(undefined);
  });
});
