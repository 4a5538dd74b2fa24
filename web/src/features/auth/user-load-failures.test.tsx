import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../api/api-context.tsx';
import { ApiError, type HttpClient } from '../../api/http-client.ts';
import { AuthProvider } from '../../auth/auth-context.tsx';
import { RequireAuth } from '../../auth/guards.tsx';

/** The app on a reload with a stored session, GET /users/me answering `me`. */
function reloadWith(me: () => Promise<unknown>) {
  localStorage.setItem('AUTH_TOKEN', JSON.stringify({ accessToken: 'a', refreshToken: 'r' }));
  localStorage.setItem('ROLE_ID', '3');
  const api = vi.fn(async (_method: string, url: string) =>
    url === '/users/me' ? me() : undefined,
  ) as unknown as HttpClient;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ApiProvider client={api}>
        <AuthProvider>
          <MemoryRouter initialEntries={['/orders/status']}>
            <Routes>
              <Route path="/login" element={<p>the login</p>} />
              <Route
                path="*"
                element={
                  <RequireAuth>
                    <p>the page</p>
                  </RequireAuth>
                }
              />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('loading the current user fails', () => {
  it("[AUT-018] on a 401: logs 'Token expired', clears the token and the role id, and goes to the login", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    reloadWith(async () => {
      throw new ApiError(401, { code: 'UNAUTHORIZED', message: 'no', errors: [] } as never);
    });
    expect(await screen.findByText('the login')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Token expired');
    expect(localStorage.getItem('AUTH_TOKEN')).toBeNull();
    expect(localStorage.getItem('ROLE_ID')).toBeNull();
  });

  it("[AUT-018] on an empty answer: logs 'Error getting the user, empty response' and logs out", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    reloadWith(async () => undefined);
    expect(await screen.findByText('the login')).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Error getting the user, empty response');
    expect(localStorage.getItem('AUTH_TOKEN')).toBeNull();
    expect(screen.queryByText('the page')).toBeNull();
  });
});
