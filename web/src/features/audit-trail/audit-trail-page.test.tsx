import { allPermissions, type ChangesetEntry, type Permissions } from '@dosechain/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient, RequestOptions } from '../../api/http-client.ts';
import { RequireAuth } from '../../auth/guards.tsx';
import { renderWithApp } from '../../test/render.tsx';
import { staffRole, testUser } from '../../test/users.ts';
import AuditTrailPage from './audit-trail-page.tsx';

const staff = (permissions: Permissions) => testUser({ permissions, currentRole: staffRole });

const history: ChangesetEntry[] = [
  {
    eventType: 'new',
    changeset: { name: [null, 'Fluorodopa F18'], otherName: [null, 'FDOPA'], active: [null, true] },
    issuedAt: '2026-03-01T10:00:00.000Z',
    issuedBy: { fullName: 'Ada Admin', username: 'admin' },
    reason: null,
    signed: true,
    signatureMeaning: 'Created Drug',
  },
  {
    eventType: 'update',
    changeset: { otherName: ['FDOPA', 'F-DOPA'], active: [true, false] },
    issuedAt: '2026-03-02T10:00:00.000Z',
    issuedBy: { fullName: 'Sam Staff', username: 'staff' },
    reason: 'Correction requested',
    signed: false,
    signatureMeaning: null,
  },
];

function fakeApi(permissions: Permissions) {
  return vi.fn(async (_method: string, path: string, _options?: RequestOptions) => {
    if (path === '/users/me') return staff(permissions);
    if (path === '/drugs') {
      return {
        items: [
          {
            id: 7,
            name: 'Fluorodopa F18',
            otherName: 'F-DOPA',
            active: false,
            createdAt: '2026-03-01T10:00:00Z',
          },
        ],
        page: 1,
        total: 1,
      };
    }
    if (path === '/audit-logs/changeset/drugs/7') return history;
    if (path === '/audit-logs/verify') {
      return {
        ok: true,
        checked: 12,
        firstBrokenId: null,
        broken: 0,
        unchained: 0,
        headMatches: true,
        endMovedBack: null,
        checkpoint: null,
      };
    }
    throw new Error(`unexpected call ${path}`);
  });
}

function renderPage(permissions: Permissions) {
  localStorage.setItem('AUTH_TOKEN', JSON.stringify({ accessToken: 'a', refreshToken: 'r' }));
  const api = fakeApi(permissions);
  // Behind the app's guard, as routed: the page renders once the signed-in user has loaded (a
  // bare page shows its select disabled until then, and a test could open it too early).
  renderWithApp(
    <RequireAuth>
      <AuditTrailPage />
    </RequireAuth>,
    { api: api as unknown as HttpClient, path: '/audit-trail' },
  );
  return api;
}

describe('the audit trail page', () => {
  it('offers the entity types whose read permission the user has, in the spec’s order', async () => {
    renderPage(allPermissions());
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Entity type' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Availabilities',
      'Clinical Site',
      'CMO',
      'Drugs',
      'Exams',
      'Groups',
      'Imaging Center',
      'Mails',
      'Orders',
      'Radionuclides',
      'Studies',
      'Timepoints',
      'Users',
    ]);
  });

  it('offers none of the configuration types without config.read', async () => {
    const permissions = allPermissions();
    permissions.config.read = false;
    renderPage(permissions);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Entity type' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Availabilities',
      'Groups',
      'Mails',
      'Orders',
      'Users',
    ]);
  });

  it('offers no type at all without any of their read permissions', async () => {
    const permissions = allPermissions();
    permissions.config.read = false;
    permissions.cmoManufactureAvailability.read = false;
    permissions.order.read = false;
    permissions.userManagement.read = false;
    permissions.cmoAcknowledgement.read = false;
    renderPage(permissions);
    const select = await screen.findByRole('combobox', { name: 'Entity type' });
    expect(select.getAttribute('aria-disabled')).toBe('true');
  });

  it('lists the chosen type’s records and opens a record’s readable history', async () => {
    const api = renderPage(allPermissions());
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Entity type' }));
    fireEvent.click(screen.getByRole('option', { name: 'Drugs' }));
    expect(await screen.findByRole('cell', { name: 'Fluorodopa F18' })).toBeTruthy();
    expect(api).toHaveBeenCalledWith('GET', '/drugs', expect.objectContaining({ query: expect.any(Object) }));

    fireEvent.click(screen.getByRole('button', { name: 'View Audit Trail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Audit Trail - Drugs - Fluorodopa F18' });
    expect(await within(dialog).findByText('Correction requested')).toBeTruthy();
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['New', 'Update']);
    expect(within(rows[1]!).getAllByRole('cell')[1]!.textContent).toBe(
      'Other name: FDOPA → F-DOPA\nStatus: Active → Inactive',
    );
    expect(within(rows[1]!).getAllByRole('cell')[3]!.textContent).toBe('Sam Staff (staff)');
    // When, in UTC to the second with the zone named; the signature's manifestation on the signed entry only.
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rows[0]!)[2]).toBe('Mar 1, 2026, 10:00:00 UTC');
    expect(cells(rows[0]!)[5]).toBe('Signed by Ada Admin (admin) — Created Drug — Mar 1, 2026, 10:00:00 UTC');
    expect(cells(rows[1]!)[2]).toBe('Mar 2, 2026, 10:00:00 UTC');
    expect(cells(rows[1]!)[5]).toBe('');
  }, 30_000);
});
