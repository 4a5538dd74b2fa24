import type { FastifyInstance } from 'fastify';

/**
 * A graceful stop: /ready answers 503 at once and for `delayMs`, long enough for a load
 * balancer to take the instance out; then Fastify stops accepting requests (new ones get 503),
 * lets those in flight finish, and closes (the mail dispatcher finishes its pass).
 */
export async function drainAndClose(app: FastifyInstance, delayMs: number): Promise<void> {
  app.lifecycle.shuttingDown = true;
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  await app.close();
}
