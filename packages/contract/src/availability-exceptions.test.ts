import { describe, expect, it } from 'vitest';
import {
  exceptionCreateBodySchema,
  exceptionOrdersAdvice,
  exceptionUpdateBodySchema,
} from './availability-exceptions.ts';
import { messages } from './messages.ts';
import { allPermissions } from './permissions.ts';
import { effectivePermissions } from './role-permissions.ts';

const issues = (body: unknown) => {
  const parsed = exceptionCreateBodySchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('manufacturing exception bodies', () => {
  it('a day with no manufacture needs its date and reason, and has no doses or window', () => {
    expect(issues({ date: '2027-03-22', kind: 'closed', reason: 'Holiday' })).toEqual([]);
    expect(issues({ date: '2027-03-22', kind: 'closed', reason: 'Holiday', doses: 2 })).toEqual([
      ['doses', messages.exceptionOnlyChangedDay],
    ]);
    expect(issues({ date: '2027-03-22', kind: 'closed', reason: '  ' })).toEqual([
      ['reason', messages.onlySpaces],
    ]);
    expect(issues({ kind: 'closed', reason: 'Holiday' })).toEqual([['date', messages.required]]);
  });

  it('a changed day changes its doses or its whole window, the end after the start', () => {
    expect(issues({ date: '2027-03-22', kind: 'changed', doses: 2, reason: 'Short' })).toEqual([]);
    expect(
      issues({ date: '2027-03-22', kind: 'changed', startTime: '08:00', endTime: '24:00', reason: 'Late' }),
    ).toEqual([]);
    expect(issues({ date: '2027-03-22', kind: 'changed', reason: 'Nothing' })).toEqual([
      ['doses', messages.exceptionChangeNeeded],
    ]);
    expect(issues({ date: '2027-03-22', kind: 'changed', endTime: '09:00', reason: 'Half' })).toEqual([
      ['startTime', messages.exceptionWindowIncomplete],
    ]);
    expect(
      issues({ date: '2027-03-22', kind: 'changed', startTime: '09:00', endTime: '08:00', reason: 'Back' }),
    ).toEqual([['endTime', messages.endAfterStart]]);
    expect(issues({ date: '2027-03-22', kind: 'changed', doses: 0, reason: 'None' })).toEqual([
      ['doses', messages.minValue(1)],
    ]);
  });

  it('an edit keeps its date', () => {
    expect(
      exceptionUpdateBodySchema.safeParse({ date: '2027-03-22', kind: 'closed', reason: 'x' }).success,
    ).toBe(false);
    expect(exceptionUpdateBodySchema.safeParse({ kind: 'closed', reason: 'x' }).success).toBe(true);
  });
});

describe("the exceptions banner's advice", () => {
  const within = (roleType: Parameters<typeof effectivePermissions>[1]) =>
    effectivePermissions(allPermissions(), roleType);

  it('tells each role the action the order-action table and its permissions give it', () => {
    expect(exceptionOrdersAdvice('staff', allPermissions())).toBe('rejectOrCancel');
    expect(exceptionOrdersAdvice('cmo', within('cmo'))).toBe('reject');
    expect(exceptionOrdersAdvice('clinical_site', within('clinical_site'))).toBe('cancel');
    expect(exceptionOrdersAdvice('imaging_center', within('imaging_center'))).toBe('cancel');
  });

  it('a role whose groups do not grant the action is told to contact the ordering site', () => {
    const noCancel = within('imaging_center');
    noCancel.orderCancel.create = false;
    expect(exceptionOrdersAdvice('imaging_center', noCancel)).toBe('askSite');
    const readOnlyCmo = within('cmo');
    readOnlyCmo.cmoAcknowledgement.create = false;
    expect(exceptionOrdersAdvice('cmo', readOnlyCmo)).toBe('askSite');
  });
});
