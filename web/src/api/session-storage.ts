import { messages, storageKeys, type TokenPair } from '@dosechain/contract';

/** The stored session: the token pair under AUTH_TOKEN and the chosen role under ROLE_ID. */
export const sessionStorageKeys = storageKeys;

export function readTokens(): TokenPair | null {
  const raw = localStorage.getItem(storageKeys.authToken);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<TokenPair>;
    if (typeof parsed.accessToken === 'string' && typeof parsed.refreshToken === 'string') {
      return { accessToken: parsed.accessToken, refreshToken: parsed.refreshToken };
    }
  } catch {
    // fall through
  }
  console.error(messages.tokenParse);
  clearSession();
  return null;
}

export function saveTokens(tokens: TokenPair): void {
  localStorage.setItem(storageKeys.authToken, JSON.stringify(tokens));
}

/** Whether this browser's session was started at the identity provider (decision 056). */
export function readSignedInWithProvider(): boolean {
  return localStorage.getItem(storageKeys.signedInWithProvider) === '1';
}

export function saveSignedInWithProvider(withProvider: boolean): void {
  if (withProvider) localStorage.setItem(storageKeys.signedInWithProvider, '1');
  else localStorage.removeItem(storageKeys.signedInWithProvider);
}

const parseRoleId = (raw: string | null): number | null => {
  const id = raw ? Number(raw) : Number.NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The role this tab acts in. Read from storage once, then kept in memory: another tab switching
 * role changes the stored id, but this tab keeps sending the role it shows until it has loaded
 * itself in the new one (`adoptRoleId`, see `followRoleSwitches`). Undefined: not read yet.
 */
let tabRoleId: number | null | undefined;

export function readRoleId(): number | null {
  if (tabRoleId === undefined) tabRoleId = parseRoleId(localStorage.getItem(storageKeys.roleId));
  return tabRoleId;
}

/** Switches this tab's role and remembers it for the next page load (other tabs follow). */
export function saveRoleId(roleId: number | null): void {
  tabRoleId = roleId;
  if (roleId === null) localStorage.removeItem(storageKeys.roleId);
  else localStorage.setItem(storageKeys.roleId, String(roleId));
}

/** This tab now acts in the role another tab switched to (already stored). */
export function adoptRoleId(roleId: number | null): void {
  tabRoleId = roleId;
}

/**
 * Calls `onSwitch` with the new role id when another tab of this browser switches role (the
 * storage event fires only in the other tabs). Returns the unsubscribe function.
 */
export function followRoleSwitches(onSwitch: (roleId: number | null) => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.storageArea !== localStorage || event.key !== storageKeys.roleId) return;
    const roleId = parseRoleId(event.newValue);
    if (roleId !== tabRoleId && event.newValue !== null) onSwitch(roleId);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/** How long a tab's reason for ending the session is read by the others (they follow at once). */
const NOTICE_FRESH_MS = 15_000;

/** The reason another tab left when it ended the session, if it is fresh. */
function sessionEndNotice(): string | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKeys.sessionEndNotice) ?? 'null') as {
      notice?: unknown;
      at?: unknown;
    } | null;
    if (typeof stored?.notice !== 'string' || typeof stored.at !== 'number') return undefined;
    return Date.now() - stored.at <= NOTICE_FRESH_MS ? stored.notice : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Calls `onEnd` when another tab of this browser ends the session: its logout (or its session
 * ending) removes the stored token, and this tab's requests would fail from then on with no word
 * (an empty grid, "Error updating the order", a tamper alarm on the audit trail). A refreshed
 * token (a new value) is not an end. `onEnd` gets that tab's reason when it left one (the account
 * locked, until when), so every tab says the same. Returns the unsubscribe function.
 */
export function followSessionEnds(onEnd: (notice?: string) => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.storageArea !== localStorage || event.newValue !== null) return;
    // key null: another tab cleared the whole storage.
    if (event.key === storageKeys.authToken || event.key === null) onEnd(sessionEndNotice());
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/** Who is logged in in this tab, for where a session that ends sends them (not persisted). */
let tabUsername: string | null = null;

export function setSessionUsername(username: string | null): void {
  tabUsername = username;
}

export function sessionUsername(): string | null {
  return tabUsername;
}

/**
 * Forgets the session in this browser. `notice`, why it ended when it is not the usual text, is
 * left for the other tabs, written before the token goes so that they read it as they follow.
 */
export function clearSession(notice?: string): void {
  tabRoleId = undefined;
  tabUsername = null;
  if (notice) localStorage.setItem(storageKeys.sessionEndNotice, JSON.stringify({ notice, at: Date.now() }));
  else localStorage.removeItem(storageKeys.sessionEndNotice);
  localStorage.removeItem(storageKeys.authToken);
  localStorage.removeItem(storageKeys.roleId);
  localStorage.removeItem(storageKeys.signedInWithProvider);
}
