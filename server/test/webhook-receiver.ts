import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the receiver got it. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** When it arrived (wall time, ms). */
  at: number;
}

/**
 * A webhook receiver inside the test process (plain HTTP on 127.0.0.1) that keeps what it gets
 * and answers `status` (200 by default). `listen(port)` again after `close()` brings it back on
 * the same port, so a test can take it down and up.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  status = 200;
  /** How long it waits before answering (to hold a delivery in flight). */
  delayMs = 0;
  /** Takes each request and never answers it (until `hang` is off or the receiver closes). */
  hang = false;
  /** Requests it holds unanswered now, and the most it held at once. */
  hanging = 0;
  mostHanging = 0;
  private server: Server | undefined;
  port = 0;

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** What was received on one path. */
  on(path: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.path === path);
  }

  async listen(port = this.port): Promise<void> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        this.received.push({
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        });
        if (this.hang) {
          this.mostHanging = Math.max(this.mostHanging, ++this.hanging);
          response.on('close', () => {
            this.hanging--;
          });
          return;
        }
        setTimeout(() => response.writeHead(this.status).end('ok'), this.delayMs);
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
