import { messages } from '@dosechain/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../api/http-client.ts';
import { clearSession, saveTokens } from '../../api/session-storage.ts';
import { renderWithApp } from '../../test/render.tsx';
import { testUser } from '../../test/users.ts';
import DashboardPage from './dashboard-page.tsx';

const roleless = testUser({ id: 9, username: 'norole', firstName: 'Nora', lastName: 'Role' });

afterEach(() => clearSession());

describe('the dashboard of a user without a role', () => {
  it('says that no role is assigned instead of listing orders', async () => {
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
    const api = vi.fn(async (_method: string, path: string) =>
      path === '/users/me' ? roleless : undefined,
    ) as unknown as HttpClient;
    renderWithApp(<DashboardPage />, { api });
    expect(await screen.findByText(messages.noRoleAssigned)).toBeTruthy();
    expect(screen.getByText('Hello, Nora Role')).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(api).toHaveBeenCalledTimes(1);
  });
});
