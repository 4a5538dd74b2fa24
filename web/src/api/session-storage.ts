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

export function readRoleId(): number | null {
  const raw = localStorage.getItem(storageKeys.roleId);
  const id = raw ? Number(raw) : Number.NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function saveRoleId(roleId: number | null): void {
  if (roleId === null) localStorage.removeItem(storageKeys.roleId);
  else localStorage.setItem(storageKeys.roleId, String(roleId));
}

export function clearSession(): void {
  localStorage.removeItem(storageKeys.authToken);
  localStorage.removeItem(storageKeys.roleId);
}
