import { describe, expect, it } from 'vitest';
import { newPasswordField, passwordWithConfirmationSchema } from './auth.ts';
import { companyCreateBodySchema } from './companies.ts';
import { emailField, isPhoneEmpty, phoneField, phoneForDisplay, requiredText } from './fields.ts';
import { filterSchema } from './list-query.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('field rules', () => {
  it('[FRM-001] rejects empty, blank and long text with the spec messages, and trims', () => {
    const name = requiredText(50);
    expect(firstMessage(name.safeParse(''))).toBe('Required');
    expect(firstMessage(name.safeParse('   '))).toBe("Can't contain only spaces");
    expect(firstMessage(name.safeParse('x'.repeat(51)))).toBe('Longer than maximum length 50');
    expect(name.parse('  Acme  ')).toBe('Acme');
  });

  it('[FRM-002] checks e-mail and phone', () => {
    expect(firstMessage(emailField.safeParse('not-an-email'))).toBe('Invalid email format');
    expect(emailField.parse('a@example.com')).toBe('a@example.com');
    expect(firstMessage(phoneField.safeParse('123'))).toBe('Invalid phone number');
    expect(phoneField.parse('(201) 555-0123')).toBe('+12015550123');
    expect(phoneField.parse('+44 20 7946 0958')).toBe('+442079460958');
    expect(phoneField.parse('+1 312 555 0123')).toBe('+13125550123');
  });

  it('accepts a bare e-mail address only', () => {
    for (const ok of [
      'a@example.com',
      'first.last+tag@sub.example.co.uk',
      "o'brien@example.org",
      'josé@exämple.de',
      'x@xn--p1ai.xn--p1ai',
    ]) {
      expect(emailField.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of [
      '"victim"<evil@attacker.example>',
      'victim <evil@attacker.example>',
      '<evil@attacker.example>',
      'evil@attacker.example (victim)',
      'a@example.com,b@example.com',
      'a@example.com;b@example.com',
      '"a b"@example.com',
      'a..b@example.com',
      '.a@example.com',
      'a@-example.com',
      'a@example',
      'a@example.c',
      'a@@example.com',
      'a@example.com\r\nBcc: evil@attacker.example',
    ]) {
      expect(emailField.safeParse(bad).success, bad).toBe(false);
      expect(firstMessage(emailField.safeParse(bad)), bad).toMatch(/Invalid email format|can't be stored/);
    }
  });

  it('[USR-002, USR-003] applies the password policy and confirmation', () => {
    expect(firstMessage(newPasswordField.safeParse(''))).toBe('Enter a password');
    expect(firstMessage(newPasswordField.safeParse('password1'))).toBe(
      'Password must be at least 8 characters long, contain an uppercase letter and a number',
    );
    expect(newPasswordField.safeParse('Password1').success).toBe(true);
    const r = passwordWithConfirmationSchema.safeParse({
      password: 'Password1',
      passwordConfirmation: 'Password2',
    });
    expect(firstMessage(r)).toBe('Password confirmation does not match');
  });

  it('validates a company with its address and time zone, refusing unknown fields', () => {
    const valid = {
      name: 'Acme',
      timezone: 'America/New_York',
      address: { line_1: '1 Main St', city: 'Boston', country: 'US' },
    };
    expect(companyCreateBodySchema.safeParse(valid).success).toBe(true);
    expect(companyCreateBodySchema.safeParse({ ...valid, timezone: 'Mars/Base' }).success).toBe(false);
    expect(companyCreateBodySchema.safeParse({ ...valid, extra: 1 }).success).toBe(false);
  });

  it('accepts filter lists and trees, and refuses unknown ops', () => {
    expect(filterSchema.safeParse([{ field: 'name', op: 'eq', value: 'x' }]).success).toBe(true);
    expect(
      filterSchema.safeParse({
        or: [{ field: 'a', op: 'lt', value: 1 }, { not: { field: 'b', op: 'in', value: [1] } }],
      }).success,
    ).toBe(true);
    expect(filterSchema.safeParse([{ field: 'name', op: 'regex', value: 'x' }]).success).toBe(false);
  });

  it('treats only an empty input or a bare calling code as no phone number', () => {
    for (const empty of ['', '+', '+1', '+31', '+44 ', '+1 ']) expect(isPhoneEmpty(empty)).toBe(true);
    // 1–3 typed digits are a number being typed (to be refused as invalid), not "no number".
    for (const typed of ['+1 3', '+1 31', '+1 312', '+3125', '+1 312 555 0123']) {
      expect(isPhoneEmpty(typed)).toBe(false);
    }
  });

  it('shows a stored E.164 number grouped as people read it, and an unreadable one as stored', () => {
    expect(phoneForDisplay('+13125550123')).toBe('+1 312 555 0123');
    expect(phoneForDisplay('+4930123456')).toBe('+49 30 123456');
    expect(phoneForDisplay('not a number')).toBe('not a number');
  });
});
