import { type LoginResponse, type MeUser, messages } from '@dosechain/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useApi } from '../api/api-context.tsx';
import { API_BASE, ApiError, type HttpClient } from '../api/http-client.ts';
import {
  adoptRoleId,
  clearSession,
  followRoleSwitches,
  followSessionEnds,
  readRoleId,
  readSignedInWithProvider,
  readTokens,
  saveRoleId,
  saveSignedInWithProvider,
  saveTokens,
  setSessionUsername,
} from '../api/session-storage.ts';
import { pageNavigation } from './leave-page.ts';
import { onSessionEnded } from './session-end-signal.ts';

/** `unreachable`: a stored session whose user could not be loaded (no answer, 5xx); not a logout. */
export type AuthStatus = 'loading' | 'anonymous' | 'authenticated' | 'unreachable';

/**
 * Loading the user at start-up: each attempt's timeout and the pause before the next. A slow or
 * absent answer is not a logout; only the server saying the session is over (401) is.
 */
export const LOAD_USER_ATTEMPTS: readonly { timeoutMs: number; pauseMs: number }[] = [
  { timeoutMs: 5_000, pauseMs: 0 },
  { timeoutMs: 10_000, pauseMs: 500 },
  { timeoutMs: 20_000, pauseMs: 2_000 },
];

/** No usable answer: no response (network, timeout) or a server error. Worth another try. */
const isTransient = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status >= 500);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * GET /users/me, tried again (with longer waits) while no usable answer comes. No generic error
 * toast by default: at start-up the ServerUnreachable panel says what happened, one message not
 * two. `reportLastError` when a screen is already shown (a reload of the user after a profile
 * change): its last failure gets the toast, as any call's would.
 */
export async function fetchCurrentUser(api: HttpClient, reportLastError = false): Promise<MeUser> {
  for (let i = 0; ; i++) {
    const attempt = LOAD_USER_ATTEMPTS[i] as (typeof LOAD_USER_ATTEMPTS)[number];
    const last = i === LOAD_USER_ATTEMPTS.length - 1;
    await pause(attempt.pauseMs);
    try {
      return await api('GET', '/users/me', {
        timeoutMs: attempt.timeoutMs,
        reportErrors: last && reportLastError,
      });
    } catch (err) {
      if (last || !isTransient(err) || !readTokens()) throw err;
    }
  }
}

/**
 * How the last session in this tab ended: a deliberate logout (the next login, maybe someone
 * else's, starts at the dashboard) or an expired one (a failed load of the user; its user may come
 * back to where they were).
 */
export type SessionEnd =
  | { reason: 'logout' }
  /** `notice`: why, when it is not the usual session-ended text (a lock and its end). */
  | { reason: 'expired'; username: string | null; notice?: string };

export interface AuthValue {
  status: AuthStatus;
  user: MeUser | null;
  /** Null until a session ends in this tab, and again after the next login. */
  sessionEnd: SessionEnd | null;
  login(username: string, password: string): Promise<MeUser>;
  /** Starts the session the identity provider's sign-in handed over (its one-time code). */
  loginWithProvider(code: string): Promise<MeUser>;
  logout(): Promise<void>;
  switchRole(roleId: number): Promise<void>;
  /** Loads the current user again (after they changed their own profile, or the server was unreachable). */
  refreshUser(): Promise<void>;
  /** Forgets the session without calling the server (after a 401); the login shows `notice` if given. */
  endSession(notice?: string): void;
  /**
   * Counts the role switches made in another tab that this tab followed (it then shows the new
   * role; the layout goes back to the dashboard and says so). 0 until one happens.
   */
  followedSwitches: number;
}

const AuthContext = createContext<AuthValue | null>(null);

/**
 * The session: not logged in → logged in (token saved, role id remembered) → logged out.
 * At start-up a stored token loads the current user; failing that logs out.
 */
export function AuthProvider({
  children,
  firstUserRequest,
  onUserLoaded,
}: {
  children: ReactNode;
  /**
   * The stored session's `fetchCurrentUser`, started before the app's first render (main.tsx) so
   * that the user, and the screen's data after it, do not wait for that render. Used once.
   */
  firstUserRequest?: Promise<MeUser>;
  /**
   * Called with the stored session's user as soon as it has loaded, before the app renders with it
   * (that render is a transition, sliced, and reaches the screen late): the screen's data starts here.
   */
  onUserLoaded?: (user: MeUser, queryClient: QueryClient, api: HttpClient) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AuthStatus>(() => (readTokens() ? 'loading' : 'anonymous'));
  const [user, setUser] = useState<MeUser | null>(null);
  const [sessionEnd, setSessionEnd] = useState<SessionEnd | null>(null);
  const [followedSwitches, setFollowedSwitches] = useState(0);
  // A ref: loading the user must not start again when the caller passes a new function.
  const userLoaded = useRef(onUserLoaded);
  userLoaded.current = onUserLoaded;

  // Token, role id, the user and every cached answer go: nothing of this user is left to show.
  const forget = useCallback(
    (end: SessionEnd) => {
      clearSession('notice' in end ? end.notice : undefined);
      setSessionEnd(end);
      setUser(null);
      setStatus('anonymous');
      queryClient.clear();
    },
    [queryClient],
  );
  // Read when the session ends; a ref, so that loading the user does not depend on who it is.
  const username = useRef<string | null>(null);
  username.current = user?.username ?? null;
  useEffect(() => setSessionUsername(user?.username ?? null), [user]);
  const endSession = useCallback(
    (notice?: string) =>
      forget({ reason: 'expired', username: username.current, ...(notice ? { notice } : {}) }),
    [forget],
  );

  // A 401 the API client could not cure (any call, any page): end the session here, once.
  useEffect(
    () =>
      onSessionEnded((notice) => {
        if (readTokens()) endSession(notice);
      }),
    [endSession],
  );

  // Another tab logged out or saw the session end: this tab's session is over too, at once, with
  // the same message (a lock's, when that tab was locked) and the way back to this page after the
  // next login.
  const hasSession = useRef(false);
  hasSession.current = status !== 'anonymous';
  useEffect(
    () =>
      followSessionEnds((notice) => {
        if (hasSession.current) endSession(notice);
      }),
    [endSession],
  );

  const firstRequest = useRef(firstUserRequest);
  // Whether a screen is shown (a reload of the user, not the start-up's load): a ref, read when called.
  const shown = useRef(false);
  shown.current = status === 'authenticated';
  const loadMe = useCallback(async () => {
    try {
      const early = firstRequest.current;
      firstRequest.current = undefined;
      const me = await (early ?? fetchCurrentUser(api, shown.current));
      if (!me) {
        console.error(messages.emptyUser);
        endSession();
        return;
      }
      userLoaded.current?.(me, queryClient, api);
      // In a transition: the whole app (layout, menu, screen) renders for the first time here, and a
      // transition's render is cut into short slices instead of one long task (issue 18).
      startTransition(() => {
        setUser(me);
        setStatus('authenticated');
      });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ROLE_NOT_ALLOWED' && readRoleId() !== null) {
        // The remembered role is no longer the user's: fall back to their first role.
        saveRoleId(null);
        return loadMe();
      }
      if (isTransient(err) && readTokens()) {
        // The server did not answer: the session may well be fine. Keep it, and offer to retry.
        setStatus((s) => (s === 'authenticated' ? s : 'unreachable'));
        return;
      }
      if (err instanceof ApiError && err.status === 401) console.warn(messages.tokenExpired);
      if (readTokens()) endSession();
    }
  }, [endSession, api, queryClient]);

  const retryLoad = useCallback(async () => {
    setStatus((s) => (s === 'unreachable' ? 'loading' : s));
    await loadMe();
  }, [loadMe]);

  useEffect(() => {
    if (readTokens()) void loadMe();
  }, [loadMe]);

  // A tab shows and sends one role. When another tab switches role, this one loads itself in the
  // new role first (sending that role for this one call) and only then acts in it, so it never
  // sends a role it does not show.
  useEffect(
    () =>
      followRoleSwitches((roleId) => {
        if (!readTokens()) return;
        void api('GET', '/users/me', { roleId })
          .then((me) => {
            adoptRoleId(me.currentRole?.id ?? null);
            queryClient.clear();
            setUser(me);
            setFollowedSwitches((n) => n + 1);
          })
          .catch(() => undefined);
      }),
    [api, queryClient],
  );

  const value = useMemo<AuthValue>(() => {
    /** A session started (by password or at the identity provider): kept, and the app shows its user. */
    const started = (res: LoginResponse, withProvider: boolean) => {
      if (!res.user) throw new Error(messages.emptyUser);
      saveTokens({ accessToken: res.accessToken, refreshToken: res.refreshToken });
      saveSignedInWithProvider(withProvider);
      saveRoleId(res.user.currentRole?.id ?? null);
      // Nothing fetched before this login (e.g. by a page that was closing) is shown to this user.
      queryClient.clear();
      setSessionEnd(null);
      setUser(res.user);
      setStatus('authenticated');
      return res.user;
    };
    return {
      status,
      user,
      sessionEnd,
      endSession,
      followedSwitches,
      refreshUser: retryLoad,
      async login(username, password) {
        const res = await api('POST', '/auth/login', {
          query: { includeUser: true },
          body: { username, password },
        });
        return started(res, false);
      },
      async loginWithProvider(code) {
        const res = await api('POST', '/auth/oidc/session', { query: { includeUser: true }, body: { code } });
        return started(res, true);
      },
      async logout() {
        const tokens = readTokens();
        const withProvider = readSignedInWithProvider();
        if (tokens) {
          await api('POST', '/auth/logout', { body: { refreshToken: tokens.refreshToken } }).catch(
            () => undefined,
          );
        }
        if (withProvider) {
          // DoseChain's session is over; the provider's goes next (RP-initiated logout, decision
          // 056): the server sends the browser to its end-session, which comes back to /login.
          clearSession();
          pageNavigation.leaveFor(`${API_BASE}/auth/oidc/logout`);
          // The page is leaving: nothing after the logout (a navigation to /login) runs here.
          return new Promise<void>(() => undefined);
        }
        forget({ reason: 'logout' });
      },
      async switchRole(roleId) {
        const me = await api('PUT', '/users/me/role', { body: { roleId } });
        saveRoleId(me.currentRole?.id ?? null);
        queryClient.clear();
        setUser(me);
      },
    };
  }, [api, endSession, followedSwitches, forget, retryLoad, queryClient, sessionEnd, status, user]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
}

/** The session where there may be none (a form rendered outside the app's providers, in tests). */
export function useOptionalAuth(): AuthValue | null {
  return useContext(AuthContext);
}
