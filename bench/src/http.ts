import http from 'node:http';
import { DEMO_PASSWORD } from '../../server/src/seed/demo.ts';

/** An answer of the app: its status and its body as text. */
export interface Answer {
  status: number;
  text: string;
}

/**
 * A loopback client of the running app on node:http with kept-alive connections (one per
 * concurrent client): fetch costs the bench process about 2 ms of CPU a request, which on a
 * 2-core machine is taken from the server being measured.
 */
export class Api {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  private readonly url: URL;

  constructor(readonly base: string) {
    this.url = new URL(base);
  }

  async login(username: string): Promise<string> {
    const res = await this.call('POST', '/auth/login', { body: { username, password: DEMO_PASSWORD } });
    if (res.status !== 200) throw new Error(`login as ${username}: ${res.status}`);
    return (JSON.parse(res.text) as { accessToken: string }).accessToken;
  }

  /** One request; resolves once the whole body has arrived, so timings include it. */
  call(
    method: string,
    path: string,
    opts: { token?: string; roleId?: number; body?: unknown } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.roleId) headers['role-id'] = String(opts.roleId);
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.url.hostname,
          port: this.url.port,
          path: `/api/v1${path}`,
          method,
          headers,
          agent: this.agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** A GET that must answer 200. */
  async getOk(path: string, token: string, roleId?: number): Promise<void> {
    const res = await this.call('GET', path, { token, roleId });
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text.slice(0, 300)}`);
  }

  /** Closes the kept-alive connections. */
  close(): void {
    this.agent.destroy();
  }
}

/** An orders list page; no filter when `filter` is undefined. */
export const listPath = (filter: unknown, sort: string, page: number, size: number) =>
  `/orders?${filter === undefined ? '' : `filter=${encodeURIComponent(JSON.stringify(filter))}&`}sort=${sort}&page=${page}&size=${size}`;
