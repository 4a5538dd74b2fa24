import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../api/http-client.ts';
import { lazyComponent } from '../components/lazy-component.tsx';
import { staffRole, testUser } from '../test/users.ts';
import { prefetchScreenData } from './router.tsx';
import type { AppRoute } from './routes.tsx';

const page = lazyComponent(async () => ({ default: () => null }));

const staffUser = testUser({ isStaff: true, currentRole: staffRole });

function routesWith(prefetch: AppRoute['prefetch']): AppRoute[] {
  return [
    { path: '/', page, prefetch },
    { path: '/staff-only', page, prefetch, requirement: { roles: ['staff'] } },
    { path: '/cmo-only', page, prefetch, requirement: { roles: ['cmo'] } },
    { path: '/login', page, prefetch, publicOnly: true },
  ];
}

describe("starting a screen's data as soon as the session's user has loaded", () => {
  const context = { user: staffUser, queryClient: new QueryClient(), api: vi.fn() as unknown as HttpClient };

  it("calls the matching route's prefetch with the user, the client and the API", () => {
    const prefetch = vi.fn();
    prefetchScreenData('/staff-only', context, routesWith(prefetch));
    expect(prefetch).toHaveBeenCalledExactlyOnceWith(context);
  });

  it('starts nothing for a screen the user may not open, a public screen or an unknown path', () => {
    const prefetch = vi.fn();
    for (const path of ['/cmo-only', '/login', '/nowhere/at/all'])
      prefetchScreenData(path, context, routesWith(prefetch));
    expect(prefetch).not.toHaveBeenCalled();
  });
});
