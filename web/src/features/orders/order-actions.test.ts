import { emptyPermissions, type OrderStatus, orderStatuses } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import {
  bulkTargets,
  mayShip,
  selectableForShipping,
  statusChangeBody,
  visibleOrderActions,
} from './order-actions.ts';
import { visibleNotes } from './order-notes-text.ts';

function permissions(...granted: string[]) {
  const p = emptyPermissions();
  for (const g of granted) {
    const [area, action] = g.split('.') as [keyof typeof p, 'create'];
    p[area][action] = true;
  }
  return p;
}

describe('visibleOrderActions', () => {
  const all = permissions('cmoAcknowledgement.create', 'orderStatus.create', 'orderCancel.create');
  const expected: Record<OrderStatus, string[]> = {
    pending: ['accept', 'reject', 'cancel'],
    accepted: ['ship', 'deliver', 'cancel'],
    shipped: ['deliver'],
    rejected: [],
    canceled: [],
    delivered: [],
  };

  it.each(orderStatuses)('with every permission, %s offers what the status allows', (status) => {
    expect(visibleOrderActions(status, all, 'staff')).toEqual(expected[status]);
  });

  it('a CMO (acknowledgement, status) accepts, rejects and delivers but does not cancel', () => {
    const cmo = permissions('cmoAcknowledgement.create', 'orderStatus.create');
    expect(visibleOrderActions('pending', cmo, 'cmo')).toEqual(['accept', 'reject']);
    expect(visibleOrderActions('accepted', cmo, 'cmo')).toEqual(['ship', 'deliver']);
  });

  it('a site user (cancel only) cancels pending and accepted orders', () => {
    const site = permissions('orderCancel.create');
    expect(visibleOrderActions('pending', site, 'clinical_site')).toEqual(['cancel']);
    expect(visibleOrderActions('accepted', site, 'clinical_site')).toEqual(['cancel']);
    expect(visibleOrderActions('delivered', site, 'clinical_site')).toEqual([]);
  });

  it('only a party of the action sees it, whatever the permissions, and no role sees none', () => {
    expect(visibleOrderActions('pending', all, 'cmo')).toEqual(['accept', 'reject']);
    expect(visibleOrderActions('accepted', all, 'cmo')).toEqual(['ship', 'deliver']);
    expect(visibleOrderActions('pending', all, 'clinical_site')).toEqual(['cancel']);
    expect(visibleOrderActions('accepted', all, 'clinical_site')).toEqual(['cancel']);
    expect(visibleOrderActions('accepted', all, 'imaging_center')).toEqual(['deliver', 'cancel']);
    expect(visibleOrderActions('pending', all, null)).toEqual([]);
  });

  it('offers Ship to the CMO only, and lets a shipped order be delivered', () => {
    expect(visibleOrderActions('accepted', all, 'imaging_center')).not.toContain('ship');
    expect(visibleOrderActions('shipped', all, 'imaging_center')).toEqual(['deliver']);
    expect(visibleOrderActions('shipped', all, 'clinical_site')).toEqual([]);
  });

  it('read-only users see no action', () => {
    expect(visibleOrderActions('pending', permissions('order.read', 'orderStatus.read'), 'cmo')).toEqual([]);
  });
});

describe('statusChangeBody', () => {
  it('sends the entered wall-clock date-time and the chosen zone, not a converted instant', () => {
    expect(
      statusChangeBody('accept', {
        date: '2026-03-08',
        time: '09:30',
        timezone: 'America/New_York',
        comment: '',
        reasonForChange: '',
        electronicSignature: 'pw',
      }),
    ).toEqual({
      status: 'accepted',
      relatedDatetime: '2026-03-08T09:30',
      timezone: 'America/New_York',
      electronicSignature: 'pw',
    });
  });

  it('deliver sends the delivery date-time', () => {
    expect(
      statusChangeBody('deliver', { date: '2026-11-30', time: '14:05', timezone: 'Europe/Berlin' }),
    ).toEqual({ status: 'delivered', relatedDatetime: '2026-11-30T14:05', timezone: 'Europe/Berlin' });
  });

  it('reject and cancel send the trimmed comment and no date-time', () => {
    expect(
      statusChangeBody('reject', { date: null, time: null, timezone: 'UTC', comment: ' No dose ' }),
    ).toEqual({
      status: 'rejected',
      comment: 'No dose',
    });
    expect(statusChangeBody('cancel', { comment: 'Subject withdrew', reasonForChange: 'Other' })).toEqual({
      status: 'canceled',
      comment: 'Subject withdrew',
      reasonForChange: 'Other',
    });
  });
});

describe('visibleNotes', () => {
  it('shows notes up to 140 characters whole, with nothing to expand', () => {
    const notes = 'n'.repeat(140);
    expect(visibleNotes(notes, false)).toEqual({ text: notes, collapsible: false });
  });

  it('cuts longer notes at 140 until expanded', () => {
    const notes = `${'a'.repeat(140)}tail`;
    expect(visibleNotes(notes, false)).toEqual({ text: `${'a'.repeat(140)}…`, collapsible: true });
    expect(visibleNotes(notes, true)).toEqual({ text: notes, collapsible: true });
  });
});

describe('bulk Ship (issue 35)', () => {
  const shipping = (() => {
    const p = emptyPermissions();
    p.orderStatus.create = true;
    return p;
  })();
  const accepted = { status: 'accepted' as const, cmo: { id: 7 } };

  it('picks the accepted orders the role may ship, of its own CMO (staff, admin: any)', () => {
    expect(selectableForShipping(accepted, shipping, { type: 'cmo', companyId: 7 })).toBe(true);
    expect(selectableForShipping(accepted, shipping, { type: 'cmo', companyId: 8 })).toBe(false);
    expect(
      selectableForShipping({ ...accepted, status: 'pending' }, shipping, { type: 'cmo', companyId: 7 }),
    ).toBe(false);
    expect(selectableForShipping(accepted, shipping, { type: 'staff', companyId: null })).toBe(true);
    // An imaging center delivers but never ships; without orderStatus.create nobody ships.
    expect(selectableForShipping(accepted, shipping, { type: 'imaging_center', companyId: 7 })).toBe(false);
    expect(selectableForShipping(accepted, emptyPermissions(), { type: 'cmo', companyId: 7 })).toBe(false);
    expect(mayShip(shipping, 'cmo')).toBe(true);
    expect(mayShip(shipping, 'clinical_site')).toBe(false);
    expect(mayShip(shipping, null)).toBe(false);
  });

  it('takes the accepted orders of a selection and says how many it leaves out', () => {
    const picked = [
      { status: 'accepted' as const },
      { status: 'pending' as const },
      { status: 'accepted' as const },
    ];
    expect(bulkTargets(picked, 'ship')).toEqual({
      orders: [picked[0], picked[2]],
      note: '1 selected order not accepted, left out of Ship',
    });
    expect(bulkTargets(picked, 'accept', 'Accept and Reject').note).toBe(
      '2 selected orders not pending, left out of Accept and Reject',
    );
    expect(bulkTargets(picked.slice(0, 1), 'ship').note).toBeUndefined();
  });
});
