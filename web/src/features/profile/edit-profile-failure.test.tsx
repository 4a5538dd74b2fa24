import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http-client.ts';
import { RequireAuth } from '../../auth/guards.tsx';
import { fakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render.tsx';
import { testUser } from '../../test/users.ts';
import EditProfilePage from './edit-profile-page.tsx';

const me = testUser({ id: 4, username: 'sam', email: 'sam@dosechain.test' });

afterEach(() => localStorage.clear());

describe('saving the own profile', () => {
  it("[USR-016] that fails says 'Error updating profile' and stays on the page", async () => {
    localStorage.setItem('AUTH_TOKEN', JSON.stringify({ accessToken: 'a', refreshToken: 'r' }));
    const save = vi.fn();
    const api = fakeApi(
      (method, path, options) => {
        if (method === 'GET' && path === '/users/me') return me;
        if (path === '/check-in-use') return { inUse: false };
        save(method, path, options?.body);
        throw new ApiError(500, { code: 'INTERNAL', message: 'boom', errors: [] } as never);
      },
      { reasons: [{ id: 1, name: 'Data entry error' }] },
    );
    renderWithApp(
      <RequireAuth>
        <EditProfilePage />
      </RequireAuth>,
      { api, path: '/profile/edit', routes: { '/': <p>the dashboard</p> } },
    );
    fireEvent.change(await screen.findByLabelText(/First name/), { target: { value: 'Samuel' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Reason for change/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Data entry error' }));
    fireEvent.change(await screen.findByLabelText(/Please insert your password/), {
      target: { value: 'Demo1234' },
    });
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Error updating profile')).toBeTruthy();
    expect(save).toHaveBeenCalledWith('PUT', '/users/me', expect.objectContaining({ firstName: 'Samuel' }));
    expect(screen.queryByText('the dashboard')).toBeNull();
  });
});
