import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { ApiProvider } from '../api/api-context.tsx';
import type { HttpClient } from '../api/http-client.ts';
import { AuthProvider } from '../auth/auth-context.tsx';

/** Renders UI with the app's providers, a fake API client and a router at `path` (plus `search`, e.g. `?token=x`). */
export function renderWithApp(
  ui: ReactElement,
  {
    api,
    path = '/',
    search = '',
    routes = {},
  }: { api: HttpClient; path?: string; search?: string; routes?: Record<string, ReactElement> },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rendered = render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api}>
        <AuthProvider>
          <MemoryRouter initialEntries={[`${path}${search}`]}>
            <Routes>
              <Route path={path} element={ui} />
              {Object.entries(routes).map(([p, el]) => (
                <Route key={p} path={p} element={el} />
              ))}
            </Routes>
          </MemoryRouter>
          <ToastContainer />
        </AuthProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { ...rendered, queryClient };
}
