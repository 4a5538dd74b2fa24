import { vi } from 'vitest';
import type { HttpClient, RequestOptions } from '../api/http-client.ts';

/** What the fake API answers a call its defaults do not: a value or a promise of one. */
export type FakeAnswer = (method: string, path: string, options?: RequestOptions) => unknown;

/** The app's settings as the fake API answers `/app-config`: e-signature on. */
export const testAppConfig = { eSignature: true, supportEmail: 'help@dosechain.test' };

/**
 * A fake API client for web tests, one for all of them: `/app-config` answers `testAppConfig`
 * (e-signature on), `/reasons-for-change` no reasons (or `reasons`), and any other call what
 * `answer` gives (nothing by default). A `vi.fn`, so a test reads its calls; typed as the client.
 */
export function fakeApi(answer: FakeAnswer = () => undefined, { reasons = [] as unknown[] } = {}) {
  const api = vi.fn(async (method: string, path: string, options?: RequestOptions) => {
    if (path === '/app-config') return testAppConfig;
    if (path === '/reasons-for-change') return reasons;
    return answer(method, path, options);
  });
  return api as unknown as typeof api & HttpClient;
}
