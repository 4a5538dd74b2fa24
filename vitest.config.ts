import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// Server suites run on embedded PGlite always, and once more on PostgreSQL when CI provides one.
const serverSuite = (name: string, db: 'pglite' | 'pg') => ({
  test: {
    name,
    root: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // The route fuzz (validation, schemas, no write on a 4xx) runs its 200 requests per route on
    // PGlite; on PostgreSQL the first 50 of the same seeded cases check what the driver changes
    // (how values are sent and errors come back) — the rest tested the same rules twice.
    env: { TEST_DB: db, ...(db === 'pg' ? { FUZZ_RUNS: process.env.FUZZ_RUNS ?? '50' } : {}) },
    // Migrates once per run: each file's database is a copy of a migrated template (decision 019).
    globalSetup: ['test/global-setup.ts'],
    // Generous: a test that builds its own app copies and seeds a database, which a loaded
    // 2-core machine can stretch well past 30 s. A limit only decides how late a hang is reported.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});

// VALIDATION_RESULTS=<dir>: the run's results also as JSON, which the validation report joins to
// the requirements (npm run validation:report, decision 051); CI sets it for npm test.
const validationResults = process.env.VALIDATION_RESULTS;

export default defineConfig({
  test: {
    ...(validationResults
      ? { reporters: ['default', 'json'], outputFile: { json: resolve(validationResults, 'vitest.json') } }
      : {}),
    // Vitest's default in a run is one worker fewer than the cores: a single worker on the 2-core
    // CI machine, idle while a file waits on PostgreSQL, a child server or a timer. Two files at
    // once there; one fewer than the cores where there are more.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      // Root-level tooling written as plain Node ESM (the traceability matrix, the server-layers count).
      {
        test: {
          name: 'scripts',
          root: 'scripts',
          include: ['**/*.test.mjs'],
          environment: 'node',
        },
      },
      serverSuite('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverSuite('server-pg', 'pg')] : []),
      'web',
      // scripts/smoke-production.sh: the compiled server behind nginx (needs a build and nginx).
      ...(process.env.SMOKE
        ? [
            {
              test: {
                name: 'smoke',
                root: 'server',
                include: ['test/**/*.smoke.ts'],
                environment: 'node',
                env: { TEST_DB: 'pg' },
                testTimeout: 300_000,
                hookTimeout: 180_000,
              },
            },
          ]
        : []),
    ],
  },
});
