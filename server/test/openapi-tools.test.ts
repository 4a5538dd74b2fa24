/**
 * Issue 32: the standard tools accept the served OpenAPI document. Redocly CLI lints it (no
 * error, no warning but those docs/api-client/.redocly.lint-ignore.yaml lists with a reason),
 * openapi-typescript generates its types, the example client in docs/api-client typechecks
 * against them and places and reads an order on a running server. All offline: the tools are
 * devDependencies of docs/api-client, Redocly's telemetry and update check are off.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { loadOrderIds, NOW } from './order-fixtures.ts';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const clientDir = join(root, 'docs/api-client');
// openapi-typescript needs TypeScript 5's compiler API (the repository's TypeScript 7 has none),
// so it is installed under docs/api-client with its own TypeScript: resolved from there.
const fromClient = createRequire(join(clientDir, 'package.json'));
const tool = (pkg: string, bin: string) => join(dirname(fromClient.resolve(`${pkg}/package.json`)), bin);
const offline = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  CI: 'true',
};

/** What the test uses of docs/api-client/place-and-read-order.ts. */
interface ExampleClient {
  dosechainClient(baseUrl: string): unknown;
  logIn(client: unknown, username: string, password: string): Promise<string>;
  placeAndReadOrder(
    client: unknown,
    caller: { accessToken: string; roleId?: string },
    order: Record<string, unknown>,
    idempotencyKey: string,
  ): Promise<{ order: { id: number; study: unknown }; listed: unknown[]; replayed: boolean }>;
}

/** What the test uses of docs/api-client/subject-schedule.ts. */
interface ScheduleClient {
  windowAndDue(
    client: unknown,
    caller: { accessToken: string; roleId?: string },
    next: Record<string, unknown>,
  ): Promise<{ window: Record<string, string | null>; due: { subjectId: string; timePointId: number }[] }>;
  placeWithOverride(
    client: unknown,
    caller: { accessToken: string; roleId?: string },
    body: Record<string, unknown>,
    reason: string,
  ): Promise<{ refused: { code: string; message: string } | null; order: { id: number } }>;
}

// The document is the same on both databases, and the files here are written once: PGlite only.
describe.skipIf(process.env.TEST_DB === 'pg')('the served OpenAPI document with the standard tools', () => {
  let t: TestApp;
  let baseUrl: string;
  let lint: { totals: { errors: number; warnings: number; ignored: number }; problems: unknown[] };
  let types: string;

  beforeAll(async () => {
    t = await buildTestApp({ now: NOW });
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const served = await fetch(`${baseUrl}/api/v1/openapi.json`);
    await writeFile(join(clientDir, 'openapi.json'), await served.text());
    // Both tools at once: each takes seconds, mostly parsing the document.
    const [linted] = await Promise.all([
      run(process.execPath, [tool('@redocly/cli', 'bin/cli.js'), 'lint', 'openapi.json', '--format=json'], {
        cwd: clientDir,
        env: offline,
        maxBuffer: 64 * 1024 * 1024,
      }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' })),
      run(
        process.execPath,
        [tool('openapi-typescript', 'bin/cli.js'), 'openapi.json', '-o', 'dosechain-api.d.ts'],
        { cwd: clientDir, env: offline },
      ),
    ]);
    lint = JSON.parse(linted.stdout);
    types = await readFile(join(clientDir, 'dosechain-api.d.ts'), 'utf8');
  });
  afterAll(() => t?.close());

  it('passes Redocly CLI lint: no error, and no warning but those listed with their reason', () => {
    expect(lint.problems).toEqual([]);
    expect(lint.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('generates types with openapi-typescript, the Role-Id header on GET /api/v1/orders', () => {
    const getOrders = types.slice(types.indexOf('    getOrders: {'), types.indexOf('    postOrders: {'));
    expect(getOrders).toMatch(/header\?: \{[^}]*"Role-Id"\?: string;/);
    expect(types).toContain('"X-Request-Id": components["headers"]["X-Request-Id"]');
  });

  it('typechecks the example client against the generated types', async () => {
    // The repository's compiler (TypeScript 7), as `npm run typecheck` uses.
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    await expect(
      run(process.execPath, [tsc, '-p', join(clientDir, 'tsconfig.json')], { cwd: root }),
    ).resolves.toBeDefined();
  });

  it('places and reads an order with the example client, over HTTP', async () => {
    // Its types come from the file the tests generate: the server's typecheck must not need it.
    const example: string = join(clientDir, 'place-and-read-order.ts');
    const { dosechainClient, logIn, placeAndReadOrder } = (await import(example)) as ExampleClient;
    const ids = await loadOrderIds(t);
    const client = dosechainClient(baseUrl);
    const accessToken = await logIn(client, 'site', DEMO_PASSWORD);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const roleId = String((me.json() as { roles: { id: number }[] }).roles[0]!.id);
    const body = {
      studyId: ids.study,
      siteId: ids.chicago,
      examId: ids.fdg,
      imagingCenterId: ids.windy,
      timePointId: ids.baseline,
      subjectId: 'EXAMPLE-01',
      calibrationDatetime: '2027-03-02T16:00:00.000Z',
      additionalNotes: 'Placed by the example client',
      electronicSignature: DEMO_PASSWORD,
    };
    const first = await placeAndReadOrder(client, { accessToken, roleId }, body, 'example-key-1');
    expect(first.replayed).toBe(false);
    expect(first.order).toMatchObject({
      subjectId: 'EXAMPLE-01',
      status: 'pending',
      calibrationDatetime: '2027-03-02T16:00:00.000Z',
      additionalNotes: 'Placed by the example client',
    });
    // The list's item is the whole order (no `fields`), as its documented type says.
    expect(first.listed).toEqual([expect.objectContaining({ id: first.order.id, study: first.order.study })]);
    const again = await placeAndReadOrder(client, { accessToken, roleId }, body, 'example-key-1');
    expect(again).toMatchObject({ replayed: true, order: { id: first.order.id } });
  });

  it("reads a subject's window and the subjects due, and places out of window with a reason, with the example client", async () => {
    const { dosechainClient, logIn } = (await import(
      join(clientDir, 'place-and-read-order.ts')
    )) as ExampleClient;
    const { windowAndDue, placeWithOverride } = (await import(
      join(clientDir, 'subject-schedule.ts')
    )) as ScheduleClient;
    const ids = await loadOrderIds(t);
    const timepoints = await t.request('staff', { method: 'GET', url: '/api/v1/timepoints?size=100' });
    const week4 = timepoints.json().items.find((tp: { name: string }) => tp.name === 'Week 4').id as number;
    // Baseline the anchor, Week 4 a week after it ± 2 days.
    const schedule = await t.request('staff', {
      method: 'PUT',
      url: `/api/v1/studies/${ids.study}/schedule`,
      payload: {
        anchorTimePointId: ids.baseline,
        entries: [
          { timePointId: ids.baseline, dayOffset: 0, windowBeforeDays: 0, windowAfterDays: 0 },
          { timePointId: week4, dayOffset: 7, windowBeforeDays: 2, windowAfterDays: 2 },
        ],
        reasonForChange: 'Protocol v1',
        electronicSignature: DEMO_PASSWORD,
      },
    });
    expect(schedule.statusCode, schedule.body).toBe(200);
    const client = dosechainClient(baseUrl);
    const caller = { accessToken: await logIn(client, 'site', DEMO_PASSWORD) };
    const order = {
      studyId: ids.study,
      siteId: ids.chicago,
      examId: ids.fdg,
      imagingCenterId: ids.windy,
      subjectId: 'EXAMPLE-SCHED',
      electronicSignature: DEMO_PASSWORD,
    };
    // The baseline, on 2 March (Chicago), anchors the subject: Week 4 is due 7–11 March.
    const baseline = await placeWithOverride(
      client,
      caller,
      { ...order, timePointId: ids.baseline, calibrationDatetime: '2027-03-02T16:00:00.000Z' },
      'not needed',
    );
    expect(baseline.refused).toBeNull();
    const next = { ...order, timePointId: week4 };
    const { window, due } = await windowAndDue(client, caller, {
      studyId: ids.study,
      siteId: ids.chicago,
      imagingCenterId: ids.windy,
      subjectId: 'EXAMPLE-SCHED',
      timePointId: week4,
    });
    expect(window).toEqual({
      anchorDate: '2027-03-02',
      nominalDate: '2027-03-09',
      earliestDate: '2027-03-07',
      latestDate: '2027-03-11',
    });
    expect(due).toContainEqual(expect.objectContaining({ subjectId: 'EXAMPLE-SCHED', timePointId: week4 }));
    // On 15 March it is out of window: refused, then placed with the coordinator's reason.
    const late = await placeWithOverride(
      client,
      caller,
      { ...next, calibrationDatetime: '2027-03-15T16:00:00.000Z' },
      'Subject was travelling',
    );
    expect(late.refused?.code).toBe('OUT_OF_WINDOW');
    const read = await t.request('site', { url: `/api/v1/orders/${late.order.id}` });
    expect(read.json()).toMatchObject({ outOfWindow: true, overrideReason: 'Subject was travelling' });
  });
});
