import { emptyPermissions, messages } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { mayAdminister } from './administer-button.tsx';
import {
  type AdministrationValues,
  administrationBody,
  administrationFields,
  enteredAdministeredActivity,
} from './administration-fields.ts';

const now = () => new Date('2026-11-28T12:00:00Z');
const given: AdministrationValues = {
  administered: 'yes',
  date: '2026-11-28',
  time: '10:00',
  timezone: 'UTC',
  measuredActivity: 10,
  measuredDate: '2026-11-28',
  measuredTime: '09:00',
  residualActivity: 0.5,
  residualDate: '2026-11-28',
  residualTime: '10:30',
  reason: null,
  comment: '',
};
const issues = (v: AdministrationValues) => {
  const r = administrationFields(now).safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the Administer dialog fields (issue 35)', () => {
  it('take an injection, or a reason it was not given', () => {
    expect(issues(given)).toEqual({});
    expect(issues({ ...given, administered: 'no', comment: '' })).toEqual({ reason: messages.required });
    expect(issues({ ...given, administered: 'no', reason: 'other', comment: ' ' })).toEqual({
      comment: messages.required,
    });
    // The comment is needed for Other only.
    expect(issues({ ...given, administered: 'no', reason: 'did_not_attend', comment: '' })).toEqual({});
    expect(issues({ ...given, measuredActivity: null, residualTime: null })).toMatchObject({
      measuredActivity: messages.required,
      residualTime: messages.required,
    });
    expect(issues({ ...given, time: '13:00' })).toMatchObject({ time: messages.journeyTimeInFuture });
    expect(issues({ ...given, measuredDate: '2026-11-27', measuredTime: '09:00' })).toMatchObject({
      measuredTime: messages.measurementFarFromEvent(24),
    });
    expect(issues({ ...given, residualActivity: 10 })).toMatchObject({
      residualActivity: messages.residualAboveMeasured,
    });
  });

  it('show the administered activity as the contract computes it (F-18, hand-computed)', () => {
    // 10 mCi at 09:00 decayed 60 min: 10·2^(−60/109.77) = 6.846; residual 0.5 at 10:30 back to 10:00: 0.5·2^(30/109.77) = 0.604.
    const figure = enteredAdministeredActivity(
      given,
      { drug: { halfLifeSeconds: 109.77 * 60 } } as never,
      'mCi',
    );
    expect(figure).toBeCloseTo(6.846 - 0.604, 2);
  });

  it('are sent as the administration body', () => {
    expect(administrationBody({ ...given, electronicSignature: 'pw' })).toEqual({
      administered: true,
      relatedDatetime: '2026-11-28T10:00',
      timezone: 'UTC',
      measuredActivity: 10,
      measuredAt: '2026-11-28T09:00',
      residualActivity: 0.5,
      residualAt: '2026-11-28T10:30',
      electronicSignature: 'pw',
    });
    expect(
      administrationBody({
        ...given,
        administered: 'no',
        reason: 'other',
        comment: ' Patient refused ',
        reasonForChange: 'Typo',
      }),
    ).toEqual({
      administered: false,
      reason: 'other',
      comment: 'Patient refused',
      reasonForChange: 'Typo',
    });
    // No comment is sent when none was written.
    expect(
      administrationBody({ ...given, administered: 'no', reason: 'scanner_down', comment: '  ' }),
    ).toEqual({
      administered: false,
      reason: 'scanner_down',
    });
  });

  it('are offered on a delivered order to its imaging center, staff and admin', () => {
    const p = emptyPermissions();
    p.orderStatus.create = true;
    expect(mayAdminister({ status: 'delivered' }, p, 'imaging_center')).toBe(true);
    expect(mayAdminister({ status: 'delivered' }, p, 'staff')).toBe(true);
    expect(mayAdminister({ status: 'delivered' }, p, 'cmo')).toBe(false);
    expect(mayAdminister({ status: 'shipped' }, p, 'imaging_center')).toBe(false);
    expect(mayAdminister({ status: 'delivered' }, emptyPermissions(), 'imaging_center')).toBe(false);
  });
});
