/// <reference types="node" />
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The zones of docs/decisions/020 are the root biome.json and the root `lint:cycles` script:
// this runs those very two on a small tree with offending imports, and on the real one.
const repo = resolve(import.meta.dirname, '../..');
const biomeBin = join(repo, 'node_modules', '.bin', 'biome');
const lintCycles: string = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).scripts[
  'lint:cycles'
];
const cycleArgs = lintCycles.replace(/^biome /, '').split(' ');

interface Finding {
  rule: string;
  file: string;
  line: number;
}

/** Biome in `cwd`, its findings read from the GitHub reporter's one line per diagnostic. */
function biome(cwd: string, args: string[]): Promise<Finding[]> {
  return new Promise((done, fail) => {
    execFile(biomeBin, [...args, '--reporter=github'], { cwd }, (error, stdout) => {
      if (error && error.code !== 1) return fail(error);
      const lines = stdout.matchAll(/^::(?:error|warning) title=([^,]+),file=([^,]+),line=(\d+)/gm);
      done([...lines].map((m) => ({ rule: m[1]!, file: relative(cwd, m[2]!), line: Number(m[3]) })));
    });
  });
}

const fixture: Record<string, string> = {
  'web/src/features/exams/exams-page.tsx': [
    "import { z } from 'zod';",
    "import { ExamFormDialog } from './exam-form-dialog.tsx';",
    "import { ConfigListPage } from '../../components/config-list-page.tsx';",
    "import { useApi } from '../../api/api-context.tsx';",
    "import { OrdersGrid } from '../orders/orders-grid.tsx';",
    "import { appRoutes } from '../../app/routes.tsx';",
    'export const page = [z, ExamFormDialog, ConfigListPage, useApi, OrdersGrid, appRoutes];',
  ].join('\n'),
  'web/src/features/exams/exam-form-dialog.tsx': 'export const ExamFormDialog = 1;',
  'web/src/features/exams/schedule/exam-schedule.tsx': [
    "import { ExamFormDialog } from '../exam-form-dialog.tsx';",
    "import { OrdersGrid } from '../../orders/orders-grid.tsx';",
    "import { ConfigListPage } from '../../../components/config-list-page.tsx';",
    "import { ExamRules } from '../rules/exam-rules.tsx';",
    "import { ExamSlot } from './exam-slot.tsx';",
    'export const schedule = [ExamFormDialog, OrdersGrid, ConfigListPage, ExamRules, ExamSlot];',
  ].join('\n'),
  'web/src/features/exams/schedule/exam-slot.tsx': 'export const ExamSlot = 1;',
  'web/src/features/exams/rules/exam-rules.tsx': 'export const ExamRules = 1;',
  'web/src/features/orders/orders-grid.tsx': 'export const OrdersGrid = 1;',
  'web/src/components/config-list-page.tsx': 'export const ConfigListPage = 1;',
  'web/src/components/leaky.ts':
    "import { OrdersGrid } from '../features/orders/orders-grid.tsx';\nexport const x = OrdersGrid;",
  'web/src/components/ping.ts': "import { pong } from './pong.ts';\nexport const ping = () => pong;",
  'web/src/components/pong.ts': "import { ping } from './ping.ts';\nexport const pong = () => ping;",
  'web/src/api/api-context.tsx': 'export const useApi = 1;',
  'web/src/app/routes.tsx':
    "import { OrdersGrid } from '../features/orders/orders-grid.tsx';\nexport const appRoutes = [OrdersGrid];",
};

describe('import boundaries (biome.json and lint:cycles)', () => {
  let dir = '';
  let findings: Finding[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dosechain-boundaries-'));
    copyFileSync(join(repo, 'biome.json'), join(dir, 'biome.json'));
    for (const [file, text] of Object.entries(fixture)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), `${text}\n`);
    }
    // Not a git repository: the VCS ignore file is not there to read.
    findings = [
      ...(await biome(dir, ['lint', '--vcs-enabled=false', '.'])),
      ...(await biome(dir, [...cycleArgs, '--vcs-enabled=false'])),
    ];
  }, 120_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const restricted = (file: string) =>
    findings.filter((f) => f.rule === 'lint/style/noRestrictedImports' && f.file === file).map((f) => f.line);

  it('reports a feature importing another feature or app/, by file and line, and nothing else there', () => {
    expect(restricted('web/src/features/exams/exams-page.tsx')).toEqual([5, 6]);
  });

  it("reports a feature's sub-folder importing another feature or a sibling sub-folder; its feature's files are its own", () => {
    expect(restricted('web/src/features/exams/schedule/exam-schedule.tsx')).toEqual([2, 4]);
  });

  it('reports components/ importing a feature; app/ may import features', () => {
    expect(restricted('web/src/components/leaky.ts')).toEqual([1]);
    expect(restricted('web/src/app/routes.tsx')).toEqual([]);
  });

  it('reports an import cycle, naming both files', () => {
    const cycles = findings.filter((f) => f.rule === 'lint/suspicious/noImportCycles').map((f) => f.file);
    expect(cycles.sort()).toEqual(['web/src/components/ping.ts', 'web/src/components/pong.ts']);
  });

  it('finds nothing in the real web/src', async () => {
    expect(await biome(repo, ['lint', '--only=style/noRestrictedImports', 'web/src'])).toEqual([]);
    expect(await biome(repo, cycleArgs)).toEqual([]);
  }, 120_000);
});
