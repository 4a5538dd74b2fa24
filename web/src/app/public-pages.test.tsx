import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../api/api-context.tsx';
import type { HttpClient } from '../api/http-client.ts';
import { AuthProvider } from '../auth/auth-context.tsx';
import { lazyComponent } from '../components/lazy-component.tsx';
import { buildRoutes } from './router.tsx';
import type { AppRoute } from './routes.tsx';

function ChangePasswordPage() {
  return <h1>Change password</h1>;
}

describe('a logged-out screen', () => {
  it("asks for the login's code as it opens, before the user is sent there", async () => {
    const loadLogin = vi.fn(async () => ({ default: () => <h1>Sign in</h1> }));
    const routes: AppRoute[] = [
      { path: '/login', publicOnly: true, page: lazyComponent(loadLogin) },
      {
        path: '/change-password',
        publicOnly: true,
        page: lazyComponent(async () => ({ default: ChangePasswordPage })),
      },
    ];
    const router = createMemoryRouter(buildRoutes(routes), { initialEntries: ['/change-password'] });
    const api = vi.fn(async () => ({})) as unknown as HttpClient;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ApiProvider client={api}>
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </ApiProvider>
      </QueryClientProvider>,
    );
    expect((await screen.findByRole('heading', { name: 'Change password' })).tagName).toBe('H1');
    expect(loadLogin).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
  });
});
