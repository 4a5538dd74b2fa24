import { afterEach, describe, expect, it, vi } from 'vitest';
import { readTokens, saveTokens } from './session-storage.ts';

// The spec's names (§9): the token pair under AUTH_TOKEN, the role id under ROLE_ID.
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the stored token', () => {
  it('[AUT-017] is kept under AUTH_TOKEN as accessToken and refreshToken, and read back', () => {
    saveTokens({ accessToken: 'access', refreshToken: 'refresh' });
    expect(JSON.parse(localStorage.getItem('AUTH_TOKEN') ?? 'null')).toEqual({
      accessToken: 'access',
      refreshToken: 'refresh',
    });
    expect(readTokens()).toEqual({ accessToken: 'access', refreshToken: 'refresh' });
  });

  it("[AUT-017] when unparsable, logs 'Error parsing token' and clears the session (token and role id)", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const stored of ['{not json', JSON.stringify({ accessToken: 'only one half' })]) {
      localStorage.setItem('AUTH_TOKEN', stored);
      localStorage.setItem('ROLE_ID', '7');
      expect(readTokens()).toBeNull();
      expect(localStorage.getItem('AUTH_TOKEN')).toBeNull();
      expect(localStorage.getItem('ROLE_ID')).toBeNull();
    }
    expect(error.mock.calls).toEqual([['Error parsing token'], ['Error parsing token']]);
  });
});
