import {
  type ApiAnswerOf,
  type ApiBodyOf,
  type ApiEndpointKey,
  type ApiEndpointOf,
  type ApiMethod,
  type ApiPathOf,
  type ErrorBody,
  limits,
  messages,
  type TokenPair,
} from '@dosechain/contract';

export const API_BASE = '/api/v1';

/** A failed call: the HTTP status (0 when no answer came) and the contract's error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
    this.name = 'ApiError';
  }
  get code(): string {
    return this.body.code;
  }
}

export const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

export interface HttpClientDeps {
  fetch?: typeof fetch;
  timeoutMs?: number;
  getTokens: () => TokenPair | null;
  saveTokens: (tokens: TokenPair) => void;
  getRoleId: () => number | null;
  /**
   * A 401 that a refresh could not cure: end the session. `passwordExpired` when the refresh
   * answered PASSWORD_EXPIRED (the password aged while the session was in use).
   */
  onUnauthorized: (reason: 'ended' | 'passwordExpired') => void;
  /**
   * A wrong password in the session locked the account (an e-signature's field error USER_LOCKED):
   * the server has ended the session; `notice` is what the login says (the lock and its end).
   */
  onLocked: (notice: string) => void;
  /** A 5xx, or no usable answer: show the one generic error toast. */
  onServerError: () => void;
}

export interface RequestOptions {
  body?: unknown;
  /** Send this Role-Id instead of the tab's (loading the user in a role before switching to it). */
  roleId?: number | null;
  /** Headers of this call only (e.g. an order's Idempotency-Key). */
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** A longer wait than the usual timeout, for a call known to take long (verifying the audit trail). */
  timeoutMs?: number;
  /**
   * False: no generic error toast for a 5xx or no answer, because the caller tries again (loading
   * the user at start-up) and reports only its last failure.
   */
  reportErrors?: boolean;
  /**
   * The answer is a stream (live events): a 2xx resolves to the `Response` itself, to be read by
   * the caller, once its head has arrived within the timeout; `signal` still aborts its body.
   */
  stream?: boolean;
}

/** The live events' path: the one call whose answer is a stream, not JSON (not in the table). */
export const EVENTS_PATH = '/events';

/** A call's options (a stream is the live events' own call). */
type CallOptions = Omit<RequestOptions, 'body' | 'stream'>;

/** The options of a call to the table's entry K: with its body when the entry takes one. */
type OptionsOf<K extends ApiEndpointKey> = [ApiBodyOf<K>] extends [never]
  ? [options?: CallOptions]
  : [options: CallOptions & { body: ApiBodyOf<K> }];

/**
 * The API client's call: the method and the path (its `:param`s filled) must be an entry of the
 * contract's endpoint table (`packages/contract/src/api-endpoints.ts`), whose answer is the
 * call's type — checked, not asserted. The live events' stream is the one other call.
 */
export interface HttpClient {
  (method: 'GET', path: typeof EVENTS_PATH, options: RequestOptions & { stream: true }): Promise<Response>;
  <M extends ApiMethod, P extends ApiPathOf<M>>(
    method: M,
    path: P,
    ...options: OptionsOf<ApiEndpointOf<M, P>>
  ): Promise<ApiAnswerOf<ApiEndpointOf<M, P>>>;
}

function toQuery(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readError(res: Response): Promise<ErrorBody> {
  try {
    const body = (await res.json()) as Partial<ErrorBody>;
    if (typeof body.code === 'string') {
      return {
        code: body.code,
        message: body.message ?? messages.unexpectedError,
        errors: body.errors ?? [],
      };
    }
  } catch {
    // not JSON
  }
  return { code: 'HTTP_ERROR', message: messages.unexpectedError, errors: [] };
}

/**
 * The API client: JSON, 5000 ms timeout, Bearer token and Role-Id. A 401 gets one shared
 * refresh and one retry; what still fails ends the session. Cancelled calls are re-thrown as
 * aborts for the caller to ignore. With `stream`, a 2xx answer is handed back unread (live
 * events: the same token, role and refresh as every call, and no credential in a URL).
 */
export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const doFetch = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const timeoutMs = deps.timeoutMs ?? limits.apiTimeoutMs;
  type RefreshOutcome = 'refreshed' | 'ended' | 'passwordExpired';
  let refreshing: Promise<RefreshOutcome> | null = null;

  async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? timeoutMs);
    const onCallerAbort = () => timeout.abort();
    options.signal?.addEventListener('abort', onCallerAbort);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const tokens = deps.getTokens();
    if (tokens) headers.authorization = `Bearer ${tokens.accessToken}`;
    const roleId = options.roleId !== undefined ? options.roleId : deps.getRoleId();
    if (roleId !== null) headers['role-id'] = String(roleId);
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await doFetch(`${API_BASE}${path}${toQuery(options.query)}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: timeout.signal,
      });
    } catch {
      if (options.signal?.aborted) throw new DOMException('The call was cancelled', 'AbortError');
      if (options.reportErrors !== false) deps.onServerError();
      throw new ApiError(0, { code: 'NO_RESPONSE', message: messages.unexpectedError, errors: [] });
    } finally {
      clearTimeout(timer);
      // A stream's body is read after this: the caller's abort must still reach it.
      if (!options.stream) options.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  async function tryRefresh(): Promise<RefreshOutcome> {
    const tokens = deps.getTokens();
    if (!tokens) return 'ended';
    refreshing ??= (async () => {
      try {
        const res = await doFetch(`${API_BASE}/auth/refresh`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ refreshToken: tokens.refreshToken }),
        });
        if (!res.ok) return (await readError(res)).code === 'PASSWORD_EXPIRED' ? 'passwordExpired' : 'ended';
        deps.saveTokens((await res.json()) as TokenPair);
        return 'refreshed';
      } catch {
        return 'ended';
      } finally {
        setTimeout(() => {
          refreshing = null;
        }, 0);
      }
    })();
    return refreshing;
  }

  async function request(method: string, path: string, options: RequestOptions = {}): Promise<unknown> {
    let res = await send(method, path, options);
    const isAuthCall = path.startsWith('/auth/');
    if (res.status === 401 && !isAuthCall && deps.getTokens()) {
      const outcome = await tryRefresh();
      if (outcome === 'refreshed') res = await send(method, path, options);
      if (res.status === 401)
        deps.onUnauthorized(outcome === 'passwordExpired' ? 'passwordExpired' : 'ended');
    }
    if (res.status >= 500 && options.reportErrors !== false) deps.onServerError();
    if (!res.ok) {
      const error = new ApiError(res.status, await readError(res));
      const lock = error.body.errors.find((e) => e.code === 'USER_LOCKED');
      if (lock && deps.getTokens()) deps.onLocked(lock.message);
      throw error;
    }
    if (options.stream) return res;
    if (res.status === 204) return undefined;
    const text = await res.text();
    return text ? JSON.parse(text) : undefined;
  }
  // The table's types are the server's (a server test holds them equal), so the parsed answer is
  // given the entry's type here, once.
  return request as HttpClient;
}
