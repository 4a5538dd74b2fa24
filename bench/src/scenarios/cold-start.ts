import { startServer } from '../../../server/test/faults/server-process.ts';
import { BENCH_AUDIT_KEY } from './place.ts';

/**
 * Milliseconds from spawning the server (`tsx src/main.ts`, as `npm start` runs it, on the bench
 * database, migrations already applied) to its first 200 from /api/v1/health on loopback. Gives
 * up after 30 s. The process is started as the fault tests start it (one helper for both).
 */
export async function coldStart(databaseUrl: string): Promise<number> {
  const started = performance.now();
  const server = await startServer(
    {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'bench-cold-start-secret-0123456789abcdef',
      AUDIT_KEY: BENCH_AUDIT_KEY,
    },
    { timeoutMs: 30_000, pollMs: 20 },
  );
  const elapsed = performance.now() - started;
  await server.kill();
  return elapsed;
}
