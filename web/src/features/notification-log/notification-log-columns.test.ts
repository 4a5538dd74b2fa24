import { describe, expect, it } from 'vitest';
import { mailAbout, mailColumns } from './notification-log-columns.ts';

describe('the notification log columns', () => {
  it("show a mail's purpose and its order's number in one column", () => {
    expect(mailAbout({ purpose: 'order_accepted', order: { id: 4, number: 1011 } })).toBe(
      'Order accepted · Order #1011',
    );
    expect(mailAbout({ purpose: 'password_recovery', order: null })).toBe('Password recovery');
  });

  it('name the list fields the server filters on, and never a body', () => {
    expect(mailColumns.map((c) => c.field)).toEqual([
      'created_at',
      'sent_at',
      'recipients',
      'subject',
      'purpose',
      'status',
      'attempts',
      'last_error',
    ]);
    expect(mailColumns.some((c) => /body/i.test(c.field))).toBe(false);
  });
});
