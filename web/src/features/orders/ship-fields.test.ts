import { messages } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { statusChangeBody } from './order-actions.ts';
import { type ShippedOrder, type ShipValues, shipActionValues, shipFields } from './ship-fields.ts';

const now = () => new Date('2026-11-28T12:00:00Z');
const radioactive: ShippedOrder = { drug: { halfLifeSeconds: 6586.2 } };
const filled: ShipValues = {
  lotNumber: ' LOT-42 ',
  assayedActivity: 12.5,
  assayDate: '2026-11-28',
  assayTime: '10:30',
  expiryDate: '2026-11-28',
  expiryTime: '20:00',
  courier: 'QuickMed',
  trackingNumber: '',
  date: '2026-11-28',
  time: '11:00',
  timezone: 'UTC',
};

function issues(values: ShipValues, order = radioactive) {
  const result = shipFields(order, now).safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the Ship dialog fields (issue 35)', () => {
  it('take a complete shipment', () => {
    expect(issues(filled)).toEqual({});
  });

  it('need the lot and the expiry; a radioactive drug needs its assay, with its time', () => {
    expect(
      issues({ ...filled, lotNumber: '  ', assayedActivity: null, expiryDate: null, expiryTime: null }),
    ).toMatchObject({
      lotNumber: messages.required,
      assayedActivity: messages.assayRequiredForRadioactiveDrug,
      expiryDate: messages.required,
      expiryTime: messages.required,
    });
    expect(issues({ ...filled, assayTime: null })).toMatchObject({ assayTime: messages.required });
    // Not radioactive: no assay is fine, but a time without its activity is not.
    const cold: ShippedOrder = { drug: { halfLifeSeconds: null } };
    expect(issues({ ...filled, assayedActivity: null, assayDate: null, assayTime: null }, cold)).toEqual({});
    expect(issues({ ...filled, assayedActivity: null }, cold)).toMatchObject({
      assayedActivity: messages.required,
    });
  });

  it('refuse a dispatch or assay in the future and an expiry not after them or past', () => {
    expect(issues({ ...filled, time: '13:00' })).toMatchObject({ time: messages.journeyTimeInFuture });
    expect(issues({ ...filled, assayTime: '13:00' })).toMatchObject({
      assayTime: messages.journeyTimeInFuture,
    });
    expect(issues({ ...filled, expiryTime: '10:00' })).toMatchObject({
      expiryTime: messages.expiryNotAfterAssay,
    });
    expect(issues({ ...filled, expiryTime: '10:45' })).toMatchObject({
      expiryTime: messages.expiryNotAfterDispatch,
    });
    expect(issues({ ...filled, expiryTime: '11:30' })).toMatchObject({ expiryTime: messages.doseExpired });
  });

  it('are sent as the status body of `shipped`, blank texts left out', () => {
    expect(statusChangeBody('ship', shipActionValues({ ...filled, electronicSignature: 'pw' }))).toEqual({
      status: 'shipped',
      relatedDatetime: '2026-11-28T11:00',
      timezone: 'UTC',
      lotNumber: 'LOT-42',
      assayedActivity: 12.5,
      assayedAt: '2026-11-28T10:30',
      expiresAt: '2026-11-28T20:00',
      courier: 'QuickMed',
      electronicSignature: 'pw',
    });
  });
});
