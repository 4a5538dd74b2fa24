import { limits, messages } from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, studies, timepoints } from '../../src/kernel/db/schema.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from '../helpers.ts';

let t: TestApp;
let studyId: number;
const tp: Record<string, number> = {};

const put = (body: Record<string, unknown>, user = 'staff', id = studyId) =>
  t.request(user, {
    method: 'PUT',
    url: `/api/v1/studies/${id}/schedule`,
    payload: { reasonForChange: 'Protocol v2', electronicSignature: DEMO_PASSWORD, ...body },
  });
const get = (id = studyId) => t.request('staff', { method: 'GET', url: `/api/v1/studies/${id}/schedule` });
const entry = (name: string, dayOffset: number, windowBeforeDays = 0, windowAfterDays = 0) => ({
  timePointId: tp[name]!,
  dayOffset,
  windowBeforeDays,
  windowAfterDays,
});
const parameters = (res: { json(): { errors: { parameter: string; message: string }[] } }) =>
  res.json().errors.map((e) => [e.parameter, e.message]);

beforeAll(async () => {
  t = await buildTestApp();
  [{ id: studyId }] = (await t.db
    .select({ id: studies.id })
    .from(studies)
    .where(eq(studies.name, 'ONCO-2026-01'))) as [{ id: number }]; // NEURO-AMY-301 has the demo's schedule
  for (const r of await t.db.select().from(timepoints)) tp[r.name] = r.id;
});
afterAll(() => t.close());

describe('a study schedule', () => {
  it('is empty until set, then answers what was saved by nominal day, a negative offset first', async () => {
    expect((await get()).json()).toEqual({ anchorTimePointId: null, entries: [] });
    const res = await put({
      anchorTimePointId: tp.Baseline,
      entries: [entry('Week 12', 84, 7, 7), entry('Baseline', 0), entry('Screening', -14, 7, 0)],
    });
    expect(res.statusCode).toBe(200);
    const saved = {
      anchorTimePointId: tp.Baseline,
      entries: [entry('Screening', -14, 7, 0), entry('Baseline', 0), entry('Week 12', 84, 7, 7)],
    };
    expect(res.json()).toEqual(saved);
    expect((await get()).json()).toEqual(saved);
  });

  it('is saved with a reason and the e-signature, as one audit row; the same schedule writes none', async () => {
    const body = {
      anchorTimePointId: tp.Baseline,
      entries: [entry('Baseline', 0), entry('Week 4', 28, 3, 3)],
    };
    expect((await put({ ...body, reasonForChange: '' })).statusCode).toBe(400);
    const wrong = await put({ ...body, electronicSignature: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('ESIGN_FAILED');
    const rows = () => t.db.select().from(auditLog).where(eq(auditLog.entityId, studyId));
    const before = (await rows()).length;
    expect((await put(body)).statusCode).toBe(200);
    expect((await put(body)).statusCode).toBe(200);
    const after = await rows();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)!.changeset).toEqual({
      schedule: [
        'Screening day -14 −7/+0; Baseline (anchor) day 0 −0/+0; Week 12 day 84 −7/+7',
        'Baseline (anchor) day 0 −0/+0; Week 4 day 28 −3/+3',
      ],
    });
    expect(after.at(-1)!.reason).toBe('Protocol v2');
  });

  it('is emptied with no anchor and no entries', async () => {
    expect((await put({ anchorTimePointId: null, entries: [] })).json()).toEqual({
      anchorTimePointId: null,
      entries: [],
    });
  });

  it('refuses what the contract rules out, each on its field', async () => {
    const offset = messages.scheduleOffsetRange(limits.scheduleOffsetMaxDays);
    const window = messages.scheduleWindowRange(limits.scheduleWindowMaxDays);
    const cases: [Record<string, unknown>, [string, string][]][] = [
      [
        { anchorTimePointId: tp['Week 4'], entries: [entry('Baseline', 0)] },
        [['anchorTimePointId', messages.scheduleAnchorNotEntry]],
      ],
      [
        { anchorTimePointId: tp.Baseline, entries: [entry('Baseline', 3)] },
        [['entries.0.dayOffset', messages.scheduleAnchorOffset]],
      ],
      [
        { anchorTimePointId: tp.Baseline, entries: [entry('Baseline', 0), entry('Baseline', 5)] },
        [['entries.1.timePointId', messages.scheduleTimepointTwice]],
      ],
      [
        { anchorTimePointId: null, entries: [entry('Baseline', 0)] },
        [['anchorTimePointId', messages.scheduleAnchorRequired]],
      ],
      [
        { anchorTimePointId: tp.Baseline, entries: [] },
        [['anchorTimePointId', messages.scheduleAnchorWithoutEntries]],
      ],
      [
        { anchorTimePointId: tp.Baseline, entries: [entry('Baseline', 0), entry('Week 4', 3651)] },
        [['entries.1.dayOffset', offset]],
      ],
      [
        { anchorTimePointId: tp.Baseline, entries: [entry('Baseline', 0), entry('Week 4', -3651)] },
        [['entries.1.dayOffset', offset]],
      ],
      [
        { anchorTimePointId: tp.Baseline, entries: [entry('Baseline', 0), entry('Week 4', 2.5)] },
        [['entries.1.dayOffset', offset]],
      ],
      [
        { anchorTimePointId: tp.Baseline, entries: [entry('Baseline', 0, -1, 366)] },
        [
          ['entries.0.windowBeforeDays', window],
          ['entries.0.windowAfterDays', window],
        ],
      ],
      [
        {
          anchorTimePointId: tp.Baseline,
          entries: [entry('Baseline', 0), { ...entry('Week 4', 28), timePointId: 2_000_000_000 }],
        },
        [['entries.1.timePointId', messages.notFound('Timepoint')]],
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(parameters(res)).toEqual(expected);
    }
    const many = Array.from({ length: limits.scheduleEntriesMax + 1 }, (_, i) => ({
      ...entry('Baseline', i),
      timePointId: i + 1,
    }));
    const tooMany = await put({ anchorTimePointId: 1, entries: many });
    expect(tooMany.statusCode).toBe(400);
    expect(parameters(tooMany)).toContainEqual([
      'entries',
      messages.scheduleTooManyEntries(limits.scheduleEntriesMax),
    ]);
    expect((await get()).json()).toEqual({ anchorTimePointId: null, entries: [] });
  });

  it('answers 404 for a study that does not exist', async () => {
    expect((await get(2_000_000_000)).statusCode).toBe(404);
    expect((await put({ anchorTimePointId: null, entries: [] }, 'staff', 2_000_000_000)).statusCode).toBe(
      404,
    );
  });
});
