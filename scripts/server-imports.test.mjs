/**
 * The server-layers count (decision 047) on a fixture server/src in a temp dir: a kernel file
 * importing a module, a cycle of two modules, an import past a face, and imports that are fine.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cyclesOf, findings, importsOf, markdown, placeOf, purposeOf, REGISTRY } from './server-imports.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const script = join(here, 'server-imports.mjs');

/** A tree with no finding: kernel below modules, modules through faces, consumers anywhere. */
const clean = {
  'kernel/db/schema.ts': 'export const table = 1;\n',
  'kernel/db/client.ts': "import { table } from './schema.ts';\nexport const db = table;\n",
  'modules/orders/index.ts':
    "/** Orders: placing them and moving their status.\n *\n * More detail. */\nexport { place } from './place.ts';\n",
  'modules/orders/place.ts':
    "import { db } from '../../kernel/db/client.ts';\nimport { read } from '../order-records/index.ts';\nexport const place = db + read;\n",
  'modules/order-records/index.ts': "/** The read model. */\nexport { read } from './read.ts';\n",
  'modules/order-records/read.ts':
    "import { db } from '../../kernel/db/client.ts';\nexport const read = db;\n",
  'modules/registry.ts': "import { place } from './orders/index.ts';\nexport const all = [place];\n",
  'seed/demo.ts': "import { read } from '../modules/order-records/read.ts';\nexport const s = read;\n",
  'app.ts': "import { all } from './modules/registry.ts';\nexport const app = all;\n",
  // A test reaches into what it tests, and is not counted.
  'modules/orders/place.test.ts':
    "import { read } from '../order-records/read.ts';\nexport const t = read;\n",
};

const dirs = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function fixture(overrides = {}) {
  const root = mkdtempSync(join(tmpdir(), 'server-imports-'));
  dirs.push(root);
  for (const [path, text] of Object.entries({ ...clean, ...overrides })) {
    const file = join(root, 'server/src', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return root;
}

const runScript = (root, ...args) =>
  spawnSync(process.execPath, [script, '--root', root, ...args], { encoding: 'utf8' });

describe('importsOf', () => {
  it('reads relative imports, re-exports, bare and literal dynamic imports, not comments nor packages', () => {
    const text = [
      "import { a } from './a.ts';",
      'import {',
      '  b,',
      "} from '../b.ts';",
      "export { c } from './c.ts';",
      "import './side.ts';",
      "const d = await import('./d.ts');",
      "import { z } from 'zod';",
      "// import { e } from './e.ts';",
      "/* import { f } from './f.ts'; */",
    ].join('\n');
    expect(importsOf(text)).toEqual(['./a.ts', '../b.ts', './c.ts', './side.ts', './d.ts']);
  });
});

describe('placeOf', () => {
  it('puts kernel/, each modules/<name>/, the registry and the consumers in their layer', () => {
    expect(placeOf('kernel/db/client.ts')).toEqual({ layer: 'kernel' });
    expect(placeOf('modules/orders/place.ts')).toEqual({ layer: 'module', module: 'orders' });
    expect(placeOf('modules/registry.ts')).toEqual({ layer: 'module', module: REGISTRY });
    expect(placeOf('seed/demo.ts')).toEqual({ layer: 'consumer' });
    expect(placeOf('app.ts')).toEqual({ layer: 'consumer' });
  });
});

describe('cyclesOf', () => {
  it('finds each group of modules that import each other round, once', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['e', 'a'])],
      ['e', new Set(['d'])],
      ['f', new Set(['a'])],
    ]);
    expect(cyclesOf(graph)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
  });
});

describe('findings', () => {
  it('finds nothing in a tree that keeps the layers, and exits 0', () => {
    const root = fixture();
    expect(findings(root)).toEqual({ kernelToModule: [], cycles: [], pastFace: [] });
    const result = runScript(root);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      "kernel → module imports: 0\nmodule-level cycles: 0\nimports past a module's index.ts: 0\n",
    );
  });

  it('names a kernel file importing a module, a cycle of modules and an import past a face; exits 1', () => {
    const root = fixture({
      'kernel/db/leaky.ts':
        "import { read } from '../../modules/order-records/index.ts';\nexport const l = read;\n",
      'modules/order-records/read.ts':
        "import { place } from '../orders/place.ts';\nexport const read = place;\n",
    });
    expect(findings(root)).toEqual({
      kernelToModule: ['kernel/db/leaky.ts → modules/order-records/index.ts'],
      cycles: ['order-records ↔ orders'],
      pastFace: ['modules/order-records/read.ts → modules/orders/place.ts'],
    });
    const result = runScript(root);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('module-level cycles: 1\n  order-records ↔ orders\n');
  });

  it('counts the registry (a file directly in modules/) like a module: faces only', () => {
    const root = fixture({
      'modules/registry.ts': "import { place } from './orders/place.ts';\nexport const all = [place];\n",
    });
    expect(findings(root).pastFace).toEqual(['modules/registry.ts → modules/orders/place.ts']);
  });
});

describe('markdown', () => {
  it("lists each module's purpose (its face's first paragraph) and the faces it uses", () => {
    expect(purposeOf('/** One line.\n * Two.\n *\n * Detail. */')).toBe('One line. Two.');
    expect(markdown(fixture())).toBe(
      [
        '| Module | What it does | Uses the faces of |',
        '|---|---|---|',
        '| `order-records` | The read model. | — |',
        '| `orders` | Orders: placing them and moving their status. | order-records |',
        '',
        'The route registry (`modules/*.ts`) uses the faces of: orders.',
      ].join('\n'),
    );
  });
});

describe('docs/architecture.md', () => {
  it('holds the module table of the real server/src (regenerate: node scripts/server-imports.mjs --markdown)', () => {
    const repo = join(here, '..');
    expect(readFileSync(join(repo, 'docs/architecture.md'), 'utf8')).toContain(`${markdown(repo)}\n`);
  });
});
