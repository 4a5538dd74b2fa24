import { describe, expect, it } from 'vitest';
import { loginBodySchema } from './auth.ts';
import { isoDateField } from './availability.ts';
import { emailField, requiredText } from './fields.ts';
import { listQuerySchema } from './list-query.ts';
import { messages } from './messages.ts';
import { orderStatusChangeBodySchema } from './order-status.ts';
import { placeOrderBodySchema } from './orders.ts';
import { ordersCountQuerySchema } from './reports.ts';
import { instantField, isInstantInRange, isStorableText } from './text.ts';

const messagesOf = (r: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('text the database can store', () => {
  it('is any text without a NUL character or a lone surrogate', () => {
    expect(isStorableText('')).toBe(true);
    expect(isStorableText('Fludeoxyglucose F18 – ü 東京 😀')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\u0000')).toBe(false);
    // A high surrogate alone, at the end, or before another high one; a low one alone or first.
    expect(isStorableText('a\uD800b')).toBe(false);
    expect(isStorableText('a\uD83D')).toBe(false);
    expect(isStorableText('\uD83D\uD83D\uDE00')).toBe(false);
    expect(isStorableText('a\uDE00')).toBe(false);
    expect(isStorableText('\uDE00\uD83D')).toBe(false);
    expect(isStorableText('\uD83D\uDE00')).toBe(true);
  });

  it('is a 400 on its own field in every kind of input string', () => {
    const unstorable = messages.unstorableText;
    expect(messagesOf(requiredText(50).safeParse('Acme\u0000'))).toEqual([`: ${unstorable}`]);
    expect(messagesOf(requiredText(50).safeParse('Acme\uD800'))).toEqual([`: ${unstorable}`]);
    expect(messagesOf(emailField.safeParse('a\u0000b@example.com'))).toEqual([`: ${unstorable}`]);
    expect(messagesOf(loginBodySchema.safeParse({ username: 'a\u0000', password: 'x' }))).toEqual([
      `username: ${unstorable}`,
    ]);
    expect(messagesOf(listQuerySchema.safeParse({ search: '\u0000' }))).toEqual([`search: ${unstorable}`]);
    expect(
      messagesOf(listQuerySchema.safeParse({ filter: '[{"field":"name","op":"eq","value":"\uDC00"}]' })),
    ).toEqual([`filter: ${unstorable}`]);
    // Text that is fine stays fine.
    expect(requiredText(50).parse('  Café 😀 ')).toBe('Café 😀');
  });
});

describe('dates within 1900–2199', () => {
  it('refuses an instant outside the years in UTC, and keeps the edges', () => {
    const f = instantField();
    expect(f.safeParse('1900-01-01T00:00:00Z').success).toBe(true);
    expect(f.safeParse('2199-12-31T23:59:59.999Z').success).toBe(true);
    expect(messagesOf(f.safeParse('1899-12-31T23:59:59Z'))).toEqual([`: ${messages.dateOutOfRange}`]);
    expect(messagesOf(f.safeParse('2200-01-01T00:00:00Z'))).toEqual([`: ${messages.dateOutOfRange}`]);
    // In range as written, but in 2200 in UTC.
    expect(f.safeParse('2199-12-31T23:00:00-02:00').success).toBe(false);
    // Not an instant at all: the format's message alone.
    expect(messagesOf(f.safeParse('9999-99-99'))).toEqual([`: ${messages.required}`]);
    expect(isInstantInRange(new Date(Date.UTC(9999, 11, 31)))).toBe(false);
  });

  it('is a 400 on the field that carries the date', () => {
    const order = {
      studyId: 1,
      siteId: 1,
      examId: 1,
      imagingCenterId: 1,
      timePointId: 1,
      subjectId: 'S-1',
      calibrationDatetime: '9999-12-31T10:00:00Z',
    };
    expect(messagesOf(placeOrderBodySchema.safeParse(order))).toEqual([
      `calibrationDatetime: ${messages.dateOutOfRange}`,
    ]);
    expect(
      messagesOf(
        orderStatusChangeBodySchema.safeParse({ status: 'delivered', relatedDatetime: '9999-12-31T23:59' }),
      ),
    ).toEqual([`relatedDatetime: ${messages.dateOutOfRange}`]);
    expect(
      orderStatusChangeBodySchema.safeParse({ status: 'delivered', relatedDatetime: '2199-12-31T23:59' })
        .success,
    ).toBe(true);
    expect(messagesOf(isoDateField.safeParse('9999-12-31'))).toEqual([`: ${messages.dateOutOfRange}`]);
    expect(messagesOf(isoDateField.safeParse('1899-12-31'))).toEqual([`: ${messages.dateOutOfRange}`]);
    expect(isoDateField.safeParse('1900-01-01').success).toBe(true);
    expect(
      messagesOf(
        ordersCountQuerySchema.safeParse({ from: '2026-01-01T00:00:00Z', to: '9999-01-01T00:00:00Z' }),
      ),
    ).toEqual([`to: ${messages.dateOutOfRange}`]);
  });
});
