import { storageKeys } from '@dosechain/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adoptRoleId,
  clearSession,
  followRoleSwitches,
  followSessionEnds,
  readRoleId,
  saveRoleId,
} from './session-storage.ts';

/** What the browser fires in the other tabs when one tab writes local storage. */
function otherTabWrites(key: string, newValue: string | null) {
  if (newValue === null) localStorage.removeItem(key);
  else localStorage.setItem(key, newValue);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
}

describe("a tab's role", () => {
  beforeEach(() => clearSession());
  afterEach(() => clearSession());

  it('is read from storage once, then kept: another tab switching does not change what this tab sends', () => {
    localStorage.setItem(storageKeys.roleId, '3');
    expect(readRoleId()).toBe(3);
    otherTabWrites(storageKeys.roleId, '5');
    expect(readRoleId()).toBe(3);
    adoptRoleId(5);
    expect(readRoleId()).toBe(5);
  });

  it('saving switches this tab and is remembered for the next page load', () => {
    saveRoleId(8);
    expect(readRoleId()).toBe(8);
    expect(localStorage.getItem(storageKeys.roleId)).toBe('8');
    saveRoleId(null);
    expect(readRoleId()).toBeNull();
    expect(localStorage.getItem(storageKeys.roleId)).toBeNull();
  });

  it('tells this tab when another tab switches to another role, not of its own writes or the same role', () => {
    saveRoleId(3);
    const onSwitch = vi.fn();
    const stop = followRoleSwitches(onSwitch);
    otherTabWrites(storageKeys.roleId, '3');
    otherTabWrites(storageKeys.authToken, '{}');
    expect(onSwitch).not.toHaveBeenCalled();
    otherTabWrites(storageKeys.roleId, '5');
    expect(onSwitch).toHaveBeenCalledExactlyOnceWith(5);
    // A logout elsewhere clears the role: that is a session end, not a switch.
    otherTabWrites(storageKeys.roleId, null);
    expect(onSwitch).toHaveBeenCalledTimes(1);
    stop();
    otherTabWrites(storageKeys.roleId, '7');
    expect(onSwitch).toHaveBeenCalledTimes(1);
  });
});

describe("another tab's logout", () => {
  afterEach(() => clearSession());

  it('ends the session here when the stored token goes, not when it is refreshed or another key changes', () => {
    const onEnd = vi.fn();
    const stop = followSessionEnds(onEnd);
    otherTabWrites(storageKeys.authToken, '{"accessToken":"a2","refreshToken":"r2"}');
    otherTabWrites(storageKeys.roleId, null);
    expect(onEnd).not.toHaveBeenCalled();
    otherTabWrites(storageKeys.authToken, null);
    expect(onEnd).toHaveBeenCalledTimes(1);
    // localStorage.clear() in another tab: the event has no key.
    window.dispatchEvent(
      new StorageEvent('storage', { key: null, newValue: null, storageArea: localStorage }),
    );
    expect(onEnd).toHaveBeenCalledTimes(2);
    stop();
    otherTabWrites(storageKeys.authToken, null);
    expect(onEnd).toHaveBeenCalledTimes(2);
  });

  it("passes on the other tab's reason (a lock and its end) while it is fresh, and none after a plain logout", () => {
    const onEnd = vi.fn();
    const stop = followSessionEnds(onEnd);
    const lock = 'Your account is locked until Nov 28, 2026, 10:15 CST after too many failed attempts.';
    // The locked tab: the reason first, then the token goes.
    otherTabWrites(storageKeys.sessionEndNotice, JSON.stringify({ notice: lock, at: Date.now() }));
    otherTabWrites(storageKeys.authToken, null);
    expect(onEnd).toHaveBeenLastCalledWith(lock);
    // A reason left long ago is not this end's.
    otherTabWrites(storageKeys.sessionEndNotice, JSON.stringify({ notice: lock, at: Date.now() - 60_000 }));
    otherTabWrites(storageKeys.authToken, null);
    expect(onEnd).toHaveBeenLastCalledWith(undefined);
    // This tab's own plain logout clears any reason left.
    localStorage.setItem(storageKeys.sessionEndNotice, JSON.stringify({ notice: lock, at: Date.now() }));
    clearSession();
    expect(localStorage.getItem(storageKeys.sessionEndNotice)).toBeNull();
    clearSession(lock);
    expect(JSON.parse(localStorage.getItem(storageKeys.sessionEndNotice) ?? '{}').notice).toBe(lock);
    stop();
  });
});
