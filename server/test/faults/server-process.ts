import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../..');

/** A TCP port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The real server as a child process, as `npm start -w server` runs it (`tsx src/main.ts`). */
export interface ServerProcess {
  /** `http://127.0.0.1:PORT/api/v1` */
  api: string;
  port: number;
  /** SIGKILL to the whole process group (no shutdown hook runs); resolves once it has exited. */
  kill(): Promise<void>;
  /** SIGINT, so its shutdown hook runs (and a `--cpu-prof` profile is written); SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** The last lines it printed, for a failure message. */
  output(): string;
  /** Every line it printed (JSON log lines). */
  lines(): readonly string[];
}

const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

// A test that fails or times out must not leave servers behind.
process.once('exit', () => {
  for (const child of running) killGroup(child);
});

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * Starts `node --import tsx src/main.ts` in a process group of its own with `env` on top of a
 * quiet base (LOG_LEVEL warn, a temporary DATA_DIR, removed when it exits) and waits until
 * GET /api/v1/health answers 200, polling every `pollMs`. Used by the fault tests and the
 * benchmark's cold start. Fails with the server's output if it exits or does not answer within `timeoutMs`.
 */
export async function startServer(
  env: Record<string, string>,
  options: {
    port?: number;
    timeoutMs?: number;
    pollMs?: number;
    /** What node runs (default: the TypeScript source through tsx); the build test runs `dist/main.js`. */
    args?: string[];
  } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dosechain-fault-'));
  const child = spawn(process.execPath, options.args ?? ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    detached: true,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const lines: string[] = [];
  let partial = '';
  const keep = (chunk: Buffer) => {
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', () => {
    running.delete(child);
    rmSync(dataDir, { recursive: true, force: true });
  });
  const api = `http://127.0.0.1:${port}/api/v1`;
  const server: ServerProcess = {
    api,
    port,
    async kill() {
      killGroup(child);
      await exited(child);
    },
    async stop(graceMs = 15_000) {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => killGroup(child), graceMs);
      await exited(child);
      clearTimeout(timer);
    },
    output: () => [...lines.slice(-40), partial].join('\n'),
    lines: () => lines,
  };

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${server.output()}`);
    }
    try {
      const res = await fetch(`${api}/health`);
      await res.arrayBuffer();
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, options.pollMs ?? 100));
  }
  await server.kill();
  throw new Error(`the server did not answer /health in time:\n${server.output()}`);
}

/** Kills every server this process started that still runs (afterAll, also after a failure). */
export async function killAllServers(): Promise<void> {
  await Promise.all(
    [...running].map((child) => {
      killGroup(child);
      return exited(child);
    }),
  );
}
