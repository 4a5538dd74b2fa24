import { allPermissions } from '@dosechain/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../api/http-client.ts';
import { RequireAuth } from '../../auth/guards.tsx';
import { renderWithApp } from '../../test/render.tsx';
import { staffRole, testUser } from '../../test/users.ts';
import { DataTable } from './data-table.tsx';

describe("a grid's paper", () => {
  it('while the first page loads, the busy table names the spinner that describes it', async () => {
    localStorage.setItem('AUTH_TOKEN', JSON.stringify({ accessToken: 'a', refreshToken: 'r' }));
    const api = vi.fn(async (_method: string, path: string) => {
      if (path === '/users/me') return testUser({ permissions: allPermissions(), currentRole: staffRole });
      // The list never answers: the table stays loading.
      return new Promise(() => undefined);
    });
    renderWithApp(
      <RequireAuth>
        <DataTable<{ id: number; name: string }>
          resource="/cmos"
          title="CMOs"
          columns={[{ field: 'name', header: 'Name', value: (r) => r.name }]}
        />
      </RequireAuth>,
      { api: api as unknown as HttpClient },
    );
    const busy = await waitFor(() => {
      const element = document.querySelector('.MuiTableContainer-root[aria-busy="true"]');
      if (!element) throw new Error('no busy table yet');
      return element;
    });
    const describedBy = busy.getAttribute('aria-describedby') ?? '';
    expect(describedBy).not.toBe('');
    expect(document.getElementById(describedBy)?.getAttribute('role')).toBe('progressbar');
    expect(screen.getAllByRole('progressbar').length).toBeGreaterThan(0);
  });
});
