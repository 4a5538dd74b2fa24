import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startIdentityProvider, type TestAccount } from '../server/test/oidc-provider.ts';
import { serverPort, workerServerIndex } from './servers.ts';

/** A loopback port nothing listens on (taken and let go at once): a provider that is down. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * A DoseChain server of its own, signing in with a real OpenID provider (oidc-provider on
 * loopback, issue 38): the other specs' servers stay without OIDC_* settings. Its port is above
 * the workers' (base + 100 + worker index). `providerDown`: OIDC_ISSUER names a loopback port
 * nothing listens on, and the server's port is base + 150 + worker index.
 */
export async function startOrganisationServer(
  accounts: Record<string, TestAccount>,
  options: { providerDown?: boolean } = {},
) {
  const port = serverPort((options.providerDown ? 150 : 100) + workerServerIndex());
  const baseUrl = `http://127.0.0.1:${port}`;
  const idp = options.providerDown
    ? {
        issuer: `http://127.0.0.1:${await closedPort()}`,
        clientId: 'dosechain',
        clientSecret: 'dosechain-test-client-secret-0123456789',
        close: async () => undefined,
      }
    : await startIdentityProvider({
        redirectUri: `${baseUrl}/api/v1/auth/oidc/callback`,
        postLogoutRedirectUri: `${baseUrl}/login`,
        accounts,
      });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dosechain-e2e-oidc-'));
  // Node itself runs the server (no npx or tsx wrapper in between): a signal to it reaches the
  // server, which closes; through `npx tsx` the wrappers went and the server was left running.
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '../server/src/main.ts'], {
    cwd: import.meta.dirname,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '600',
      INIT_CWD: path.resolve(import.meta.dirname, '..'),
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_BUTTON_LABEL: 'Sign in with Contoso',
    },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`${baseUrl}/api/v1/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline || server.exitCode !== null) {
      server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error('the OIDC server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    baseUrl,
    issuer: idp.issuer,
    async close() {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        // SIGINT: the server closes at once (SIGTERM would wait out a shutdown delay first).
        server.kill('SIGINT');
        const stuck = setTimeout(() => server.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(stuck);
      }
      rmSync(dataDir, { recursive: true, force: true });
      await idp.close();
    },
  };
}
