import { DEMO_PASSWORD } from '../../server/src/db/seed/demo.ts';

/** A loopback client of the running app. */
export class Api {
  constructor(readonly base: string) {}

  async login(username: string): Promise<string> {
    const res = await this.call('POST', '/auth/login', { body: { username, password: DEMO_PASSWORD } });
    if (res.status !== 200) throw new Error(`login as ${username}: ${res.status}`);
    return ((await res.json()) as { accessToken: string }).accessToken;
  }

  call(
    method: string,
    path: string,
    opts: { token?: string; roleId?: number; body?: unknown } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.roleId) headers['role-id'] = String(opts.roleId);
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${this.base}/api/v1${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  }

  /** A GET that must answer 200; the body is read (and dropped) so the timing includes it. */
  async getOk(path: string, token: string, roleId?: number): Promise<void> {
    const res = await this.call('GET', path, { token, roleId });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 300)}`);
  }
}

export const listPath = (filter: unknown, sort: string, page: number, size: number) =>
  `/orders?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${sort}&page=${page}&size=${size}`;
