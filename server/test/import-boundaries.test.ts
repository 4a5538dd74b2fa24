import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The server's layers of docs/decisions/047 are zones of the root biome.json: this runs that very
// file on a small tree with offending imports, and checks the real tree has none.
const repo = resolve(import.meta.dirname, '../..');
const biomeBin = join(repo, 'node_modules', '.bin', 'biome');

// The root `lint:server-cycles` script, run as it is on the fixture.
const cycleArgs: string[] = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'))
  .scripts['lint:server-cycles'].replace(/^biome lint /, '')
  .split(' ');

interface Finding {
  rule: string;
  file: string;
}

/** Biome's lint in `cwd`, its findings read from the GitHub reporter's one line per diagnostic. */
function biomeLint(cwd: string, args: string[]): Promise<Finding[]> {
  return new Promise((done, fail) => {
    execFile(biomeBin, ['lint', ...args, '--reporter=github'], { cwd }, (error, stdout) => {
      if (error && error.code !== 1) return fail(error);
      const lines = stdout.matchAll(/^::(?:error|warning) title=([^,]+),file=([^,]+),line=/gm);
      done([...lines].map((m) => ({ rule: m[1]!, file: relative(cwd, m[2]!) })));
    });
  });
}

const fixture: Record<string, string> = {
  'server/src/kernel/audit/leaky.ts':
    "import { q } from '../../modules/orders/queries.ts';\nexport const x = q;",
  'server/src/kernel/auth/seeded.ts': "import { s } from '../../seed/demo.ts';\nexport const y = s;",
  'server/src/kernel/db/fine.ts': "import { z } from './schema.ts';\nexport const w = z;",
  'server/src/kernel/db/schema.ts': 'export const z = 1;',
  'server/src/seed/demo.ts': "import { q } from '../modules/orders/queries.ts';\nexport const s = q;",
  'server/src/kernel/http/ping.ts': "import { pong } from './pong.ts';\nexport const ping = () => pong;",
  'server/src/kernel/http/pong.ts': "import { ping } from './ping.ts';\nexport const pong = () => ping;",
  'server/src/modules/orders/queries.ts':
    "import { z } from '../../kernel/db/schema.ts';\nexport const q = z;",
  'server/src/modules/orders/index.ts': "export { q } from './queries.ts';",
  // Another module: through the face only (its own files and the kernel freely).
  'server/src/modules/reports/deep.ts': "import { q } from '../orders/queries.ts';\nexport const d = q;",
  'server/src/modules/reports/faced.ts':
    "import { z } from '../../kernel/db/schema.ts';\nimport { q } from '../orders/index.ts';\nimport { d } from './deep.ts';\nexport const f = [z, q, d];",
  'server/src/modules/registry.ts':
    "import { q } from './orders/queries.ts';\nimport { f } from './reports/faced.ts';\nexport const all = [q, f];",
  'server/src/modules/registry-faced.ts': "import { q } from './orders/index.ts';\nexport const all = [q];",
  // A test reaches into what it tests.
  'server/src/modules/reports/deep.test.ts': "import { q } from '../orders/queries.ts';\nexport const t = q;",
};

describe('server import boundaries (biome.json)', () => {
  let dir = '';
  let findings: Finding[] = [];
  let cycles: Finding[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dosechain-server-boundaries-'));
    copyFileSync(join(repo, 'biome.json'), join(dir, 'biome.json'));
    for (const [file, text] of Object.entries(fixture)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), `${text}\n`);
    }
    // Not a git repository: the VCS ignore file is not there to read.
    findings = await biomeLint(dir, ['--vcs-enabled=false', '.']);
    cycles = await biomeLint(dir, [...cycleArgs, '--vcs-enabled=false']);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const restricted = () =>
    findings.filter((f) => f.rule === 'lint/style/noRestrictedImports').map((f) => f.file);

  it('refuses a kernel folder importing a module or the seed, by name', () => {
    expect(
      restricted()
        .filter((f) => !f.startsWith('server/src/modules/'))
        .sort(),
    ).toEqual(['server/src/kernel/audit/leaky.ts', 'server/src/kernel/auth/seeded.ts']);
  });

  it('lets the kernel import itself and a consumer (seed/) import modules', () => {
    expect(restricted()).not.toContain('server/src/kernel/db/fine.ts');
    expect(restricted()).not.toContain('server/src/seed/demo.ts');
    expect(restricted()).not.toContain('server/src/modules/orders/queries.ts');
  });

  it("refuses a module importing another module's file past its index.ts, by name", () => {
    expect(
      restricted()
        .filter((f) => f.startsWith('server/src/modules/'))
        .sort(),
    ).toEqual([
      'server/src/modules/registry.ts',
      'server/src/modules/registry.ts',
      'server/src/modules/reports/deep.ts',
    ]);
  });

  it("lets a module import another's index.ts, its own files and the kernel; a test, any file", () => {
    expect(restricted()).not.toContain('server/src/modules/reports/faced.ts');
    expect(restricted()).not.toContain('server/src/modules/registry-faced.ts');
    expect(restricted()).not.toContain('server/src/modules/reports/deep.test.ts');
  });

  it('lint:server-cycles refuses an import cycle in server/src, by name', () => {
    const named = cycles.filter((f) => f.rule === 'lint/suspicious/noImportCycles').map((f) => f.file);
    expect(named.sort()).toEqual(['server/src/kernel/http/ping.ts', 'server/src/kernel/http/pong.ts']);
  });

  it('finds no such import in the real server/src', async () => {
    const real = await biomeLint(repo, ['--only=style/noRestrictedImports', 'server/src']);
    expect(real).toEqual([]);
  });
});
