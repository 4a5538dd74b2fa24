import { type LoginResponse, type MeUser, messages } from '@dosechain/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useApi } from '../api/api-context.tsx';
import { ApiError } from '../api/http-client.ts';
import { clearSession, readRoleId, readTokens, saveRoleId, saveTokens } from '../api/session-storage.ts';

export type AuthStatus = 'loading' | 'anonymous' | 'authenticated';

/**
 * How the last session in this tab ended: a deliberate logout (the next login, maybe someone
 * else's, starts at the dashboard) or an expired one (a failed load of the user; its user may come
 * back to where they were).
 */
export type SessionEnd = { reason: 'logout' } | { reason: 'expired'; username: string | null };

export interface AuthValue {
  status: AuthStatus;
  user: MeUser | null;
  /** Null until a session ends in this tab, and again after the next login. */
  sessionEnd: SessionEnd | null;
  login(username: string, password: string): Promise<MeUser>;
  logout(): Promise<void>;
  switchRole(roleId: number): Promise<void>;
  /** Loads the current user again (after they changed their own profile). */
  refreshUser(): Promise<void>;
  /** Forgets the session without calling the server (after a 401). */
  endSession(): void;
}

const AuthContext = createContext<AuthValue | null>(null);

/**
 * The session: not logged in → logged in (token saved, role id remembered) → logged out.
 * At start-up a stored token loads the current user; failing that logs out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AuthStatus>(() => (readTokens() ? 'loading' : 'anonymous'));
  const [user, setUser] = useState<MeUser | null>(null);
  const [sessionEnd, setSessionEnd] = useState<SessionEnd | null>(null);

  // Token, role id, the user and every cached answer go: nothing of this user is left to show.
  const forget = useCallback(
    (end: SessionEnd) => {
      clearSession();
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
  const endSession = useCallback(() => forget({ reason: 'expired', username: username.current }), [forget]);

  const loadMe = useCallback(async () => {
    try {
      const me = await api<MeUser | undefined>('GET', '/users/me');
      if (!me) {
        console.error(messages.emptyUser);
        endSession();
        return;
      }
      setUser(me);
      setStatus('authenticated');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ROLE_NOT_ALLOWED' && readRoleId() !== null) {
        // The remembered role is no longer the user's: fall back to their first role.
        saveRoleId(null);
        return loadMe();
      }
      if (err instanceof ApiError && err.status === 401) console.warn(messages.tokenExpired);
      endSession();
    }
  }, [api, endSession]);

  useEffect(() => {
    if (readTokens()) void loadMe();
  }, [loadMe]);

  const value = useMemo<AuthValue>(
    () => ({
      status,
      user,
      sessionEnd,
      endSession,
      refreshUser: loadMe,
      async login(username, password) {
        const res = await api<LoginResponse>('POST', '/auth/login', {
          query: { includeUser: true },
          body: { username, password },
        });
        if (!res.user) throw new Error(messages.emptyUser);
        saveTokens({ accessToken: res.accessToken, refreshToken: res.refreshToken });
        saveRoleId(res.user.currentRole.id);
        // Nothing fetched before this login (e.g. by a page that was closing) is shown to this user.
        queryClient.clear();
        setSessionEnd(null);
        setUser(res.user);
        setStatus('authenticated');
        return res.user;
      },
      async logout() {
        const tokens = readTokens();
        if (tokens) {
          await api('POST', '/auth/logout', { body: { refreshToken: tokens.refreshToken } }).catch(
            () => undefined,
          );
        }
        forget({ reason: 'logout' });
      },
      async switchRole(roleId) {
        const me = await api<MeUser>('PUT', '/users/me/role', { body: { roleId } });
        saveRoleId(me.currentRole.id);
        queryClient.clear();
        setUser(me);
      },
    }),
    [api, endSession, forget, loadMe, queryClient, sessionEnd, status, user],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
}
