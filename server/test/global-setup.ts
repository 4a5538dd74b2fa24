// Vitest globalSetup of the server projects: builds the run's migrated template once, before any
// test file asks for it, so files never wait on one another's build (docs/decisions/019).
import type { TestProject } from 'vitest/node';
import { ensurePgliteDump, ensurePgTemplate } from './db-template.ts';

/** Builds the PostgreSQL template (server-pg) or the PGlite dump (server) when missing. */
export default async function setup(project: TestProject): Promise<void> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (project.config.env.TEST_DB === 'pg' && baseUrl) await ensurePgTemplate(baseUrl);
  else await ensurePgliteDump();
}
