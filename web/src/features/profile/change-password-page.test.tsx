import { emptyPermissions, messages } from '@dosechain/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient } from '../../api/http-client.ts';
import { RequireAuth } from '../../auth/guards.tsx';
import { renderWithApp } from '../../test/render.tsx';
import ChangePasswordPage from './change-password-page.tsx';

const admin = {
  id: 1,
  username: 'admin',
  fullName: 'Ada Admin',
  roles: [],
  permissions: emptyPermissions(),
  currentRole: {
    id: null,
    name: 'Admin',
    type: 'admin',
    companyId: null,
    companyName: null,
    companyTimezone: null,
  },
};

describe('the change password page', () => {
  it('shows a refused current password, and the pause of a paced account, on that field, with the failure toast', async () => {
    const onField = [
      { code: 'INVALID_CREDENTIALS', message: messages.currentPasswordWrong, parameter: 'currentPassword' },
    ];
    for (const [code, status, message, errors] of [
      ['INVALID_CREDENTIALS', 400, messages.currentPasswordWrong, onField],
      ['TOO_MANY_ATTEMPTS', 429, messages.tooManyAttempts, []],
    ] as const) {
      localStorage.setItem('AUTH_TOKEN', JSON.stringify({ accessToken: 'a', refreshToken: 'r' }));
      const api = vi.fn(async (method: string, path: string) => {
        if (path === '/users/me') return admin;
        if (method === 'PUT' && path === '/users/me/password')
          throw new ApiError(status, { code, message, errors: [...errors] });
        throw new Error(`unexpected call ${method} ${path}`);
      });
      const { unmount } = renderWithApp(
        <RequireAuth>
          <ChangePasswordPage />
        </RequireAuth>,
        { api: api as unknown as HttpClient, path: '/profile/change-password' },
      );
      fireEvent.change(await screen.findByLabelText(/Current password/), { target: { value: 'Demo1234' } });
      fireEvent.change(screen.getByLabelText(/New password/), { target: { value: 'Chosen-123' } });
      fireEvent.change(screen.getByLabelText(/Confirm password/), { target: { value: 'Chosen-123' } });
      const button = screen.getByRole('button', { name: 'Change Password' });
      await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(button);
      expect(await screen.findByText(message)).toBeTruthy();
      expect(await screen.findByText(messages.errorChangingPassword)).toBeTruthy();
      unmount();
      localStorage.clear();
    }
  });
});
