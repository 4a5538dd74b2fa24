import path from 'node:path';

/**
 * Each Playwright worker talks to its own server on its own embedded database, so two spec files
 * run at once without seeing each other's orders, lockouts or mails. The runner picks a base port
 * and a data directory once (playwright.config.ts) and hands them to the workers through the
 * environment; server `i` listens on base + i and keeps its data under `<dir>/server-<i>`.
 */
export function serverPort(index: number): number {
  return Number(process.env.E2E_PORT) + index;
}

export function serverDataDir(index: number): string {
  return path.join(process.env.E2E_DATA_DIR ?? '', `server-${index}`);
}

/** The server of this worker: Playwright numbers its running workers 0..workers-1. */
export function workerServerIndex(): number {
  return Number(process.env.TEST_PARALLEL_INDEX ?? 0);
}
