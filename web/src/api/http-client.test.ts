import type { TokenPair } from '@dosechain/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createHttpClient, type HttpClientDeps, type RequestOptions } from './http-client.ts';

/**
 * The client as a plain function of method and path: these tests are about the transport (tokens,
 * refresh, timeouts, errors) on made-up paths, not about the contract's table of calls.
 */
type PlainCall = <T = unknown>(method: string, path: string, options?: RequestOptions) => Promise<T>;

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function setup(
  fetchImpl: (url: string, init: RequestInit) => Promise<Response>,
  overrides: Partial<HttpClientDeps> = {},
) {
  let tokens: TokenPair | null = { accessToken: 'a1', refreshToken: 'r1' };
  const deps = {
    fetch: vi.fn(fetchImpl) as unknown as typeof fetch,
    getTokens: () => tokens,
    saveTokens: vi.fn((t: TokenPair) => {
      tokens = t;
    }),
    getRoleId: () => 7,
    onUnauthorized: vi.fn(),
    onLocked: vi.fn(),
    onServerError: vi.fn(),
    ...overrides,
  };
  return { api: createHttpClient(deps) as unknown as PlainCall, deps };
}

describe('the API client', () => {
  it('a wrong e-signature that locked the account ends the session with the lock as the notice (issue 33)', async () => {
    const notice = 'Your account is locked until Nov 25, 2026, 04:30 CST after too many failed attempts.';
    const { api, deps } = setup(async () =>
      json(400, {
        code: 'ESIGN_FAILED',
        message: 'The password is incorrect, the action was not signed. Your account is now locked…',
        errors: [{ code: 'USER_LOCKED', parameter: 'electronicSignature', message: notice }],
      }),
    );
    const failed = await api('PUT', '/users/me', { body: {} }).catch((e: unknown) => e);
    // The form still gets its error; the session ends with the login's text.
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).code).toBe('ESIGN_FAILED');
    expect(deps.onLocked).toHaveBeenCalledWith(notice);
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('a plain wrong e-signature ends nothing', async () => {
    const { api, deps } = setup(async () =>
      json(400, {
        code: 'ESIGN_FAILED',
        message: 'wrong',
        errors: [{ code: 'ESIGN_FAILED', parameter: 'electronicSignature', message: 'wrong' }],
      }),
    );
    await expect(api('PUT', '/users/me', { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(deps.onLocked).not.toHaveBeenCalled();
  });

  it('[AUT-009] sends the Bearer token, the Role-Id and JSON to /api/v1', async () => {
    const { api, deps } = setup(async () => json(200, { ok: true }));
    await expect(api('POST', '/things', { body: { a: 1 }, query: { page: 2, empty: '' } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = (deps.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0]!;
    expect(url).toBe('/api/v1/things?page=2');
    expect(init.headers).toMatchObject({
      authorization: 'Bearer a1',
      'role-id': '7',
      'content-type': 'application/json',
    });
    expect(init.body).toBe('{"a":1}');
  });

  it('sends no Role-Id when there is no role', async () => {
    const { api, deps } = setup(async () => json(200, {}), { getRoleId: () => null });
    await api('GET', '/x');
    const init = (deps.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0]![1] as RequestInit;
    expect(init.headers).not.toHaveProperty('role-id');
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    const seen: string[] = [];
    const { api, deps } = setup(async (url, init) => {
      const auth = (init.headers as Record<string, string>).authorization ?? '';
      seen.push(`${url} ${auth}`);
      if (url.endsWith('/auth/refresh')) return json(200, { accessToken: 'a2', refreshToken: 'r2' });
      return auth === 'Bearer a2'
        ? json(200, { me: true })
        : json(401, { code: 'UNAUTHENTICATED', message: 'x', errors: [] });
    });
    await expect(api('GET', '/users/me')).resolves.toEqual({ me: true });
    expect(deps.saveTokens).toHaveBeenCalledWith({ accessToken: 'a2', refreshToken: 'r2' });
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
    expect(seen).toEqual([
      '/api/v1/users/me Bearer a1',
      '/api/v1/auth/refresh ',
      '/api/v1/users/me Bearer a2',
    ]);
  });

  it('shares one refresh between concurrent 401s', async () => {
    let refreshes = 0;
    const { api } = setup(async (url, init) => {
      if (url.endsWith('/auth/refresh')) {
        refreshes++;
        return json(200, { accessToken: 'a2', refreshToken: 'r2' });
      }
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === 'Bearer a2'
        ? json(200, {})
        : json(401, { code: 'UNAUTHENTICATED', message: 'x', errors: [] });
    });
    await Promise.all([api('GET', '/a'), api('GET', '/b'), api('GET', '/c')]);
    expect(refreshes).toBe(1);
  });

  it('ends the session when the refresh fails', async () => {
    const { api, deps } = setup(async () =>
      json(401, { code: 'UNAUTHENTICATED', message: 'Authentication required', errors: [] }),
    );
    const err = await api('GET', '/users/me').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(deps.onUnauthorized).toHaveBeenCalledWith('ended');
  });

  it('says the password expired when the refresh answers PASSWORD_EXPIRED', async () => {
    const { api, deps } = setup(async (url) =>
      url.endsWith('/auth/refresh')
        ? json(401, { code: 'PASSWORD_EXPIRED', message: 'Your password has expired', errors: [] })
        : json(401, { code: 'UNAUTHENTICATED', message: 'Authentication required', errors: [] }),
    );
    await api('GET', '/orders').catch(() => undefined);
    expect(deps.onUnauthorized).toHaveBeenCalledExactlyOnceWith('passwordExpired');
  });

  it('sends a Role-Id given for one call instead of the tab’s', async () => {
    const { api, deps } = setup(async () => json(200, {}));
    await api('GET', '/users/me', { roleId: 9 });
    await api('GET', '/users/me');
    const calls = (deps.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls;
    expect((calls[0]![1] as RequestInit).headers).toMatchObject({ 'role-id': '9' });
    expect((calls[1]![1] as RequestInit).headers).toMatchObject({ 'role-id': '7' });
  });

  it('does not refresh on a failed login', async () => {
    const { api, deps } = setup(async () =>
      json(401, { code: 'INVALID_CREDENTIALS', message: 'Invalid username or password', errors: [] }),
    );
    const err = (await api('POST', '/auth/login', { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('INVALID_CREDENTIALS');
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
    expect((deps.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls).toHaveLength(1);
  });

  it('[AUT-011] reports a 5xx and a missing answer as a server error, with the contract body', async () => {
    const { api, deps } = setup(async () =>
      json(500, { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred.', errors: [] }),
    );
    await expect(api('GET', '/x')).rejects.toMatchObject({ status: 500 });
    const offline = setup(async () => {
      throw new TypeError('network down');
    });
    await expect(offline.api('GET', '/x')).rejects.toMatchObject({ status: 0 });
    expect(deps.onServerError).toHaveBeenCalledTimes(1);
    expect(offline.deps.onServerError).toHaveBeenCalledTimes(1);
  });

  it('[AUT-010] times out after the configured time and ignores calls the caller cancelled', async () => {
    const hang = (_url: string, init: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const slow = setup(hang, { timeoutMs: 20 });
    await expect(slow.api('GET', '/slow')).rejects.toMatchObject({ status: 0 });
    expect(slow.deps.onServerError).toHaveBeenCalledTimes(1);

    const cancelled = setup(hang);
    const controller = new AbortController();
    const pending = cancelled.api('GET', '/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(cancelled.deps.onServerError).not.toHaveBeenCalled();
  });

  it('waits longer for a call given its own timeout', async () => {
    const late = (_url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const timer = setTimeout(() => resolve(json(200, { done: true })), 60);
        init.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    const { api, deps } = setup(late, { timeoutMs: 20 });
    await expect(api('GET', '/slow')).rejects.toMatchObject({ status: 0 });
    await expect(api('GET', '/slow', { timeoutMs: 1000 })).resolves.toEqual({ done: true });
    expect(deps.onServerError).toHaveBeenCalledTimes(1);
  });

  it('leaves the error toast to a caller that tries again (reportErrors: false)', async () => {
    const failing = setup(async () => json(503, { code: 'UNAVAILABLE', message: 'down', errors: [] }));
    await expect(failing.api('GET', '/users/me', { reportErrors: false })).rejects.toMatchObject({
      status: 503,
    });
    const offline = setup(async () => {
      throw new TypeError('network down');
    });
    await expect(offline.api('GET', '/users/me', { reportErrors: false })).rejects.toMatchObject({
      status: 0,
    });
    expect(failing.deps.onServerError).not.toHaveBeenCalled();
    expect(offline.deps.onServerError).not.toHaveBeenCalled();
  });

  it('hands a stream back unread (stream: true), with the token and role; a cancel by the caller still reaches its body', async () => {
    let fetchSignal: AbortSignal | undefined;
    const { api, deps } = setup(async (_url, init) => {
      fetchSignal = init.signal ?? undefined;
      return new Response('id: 1\n\n', { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    const caller = new AbortController();
    const res = await api<Response>('GET', '/events', { stream: true, signal: caller.signal });
    expect(res).toBeInstanceOf(Response);
    const init = (deps.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0]![1] as RequestInit;
    expect(init.headers).toMatchObject({ authorization: 'Bearer a1', 'role-id': '7' });
    expect(fetchSignal?.aborted).toBe(false);
    caller.abort();
    expect(fetchSignal?.aborted).toBe(true);
    const refused = setup(async () =>
      json(429, { code: 'TOO_MANY_STREAMS', message: 'At most 5', errors: [] }),
    );
    await expect(refused.api('GET', '/events', { stream: true })).rejects.toMatchObject({
      status: 429,
      code: 'TOO_MANY_STREAMS',
    });
  });
});
