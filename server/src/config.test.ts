import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/dosechain-config-test' };

describe('PUBLIC_URL', () => {
  it('defaults to localhost on the configured port', () => {
    expect(loadConfig({ ...base, PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
  });

  it('drops a trailing slash so links can be appended', () => {
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://dosechain.example.org/app/' }).publicUrl).toBe(
      'https://dosechain.example.org/app',
    );
  });

  it('refuses a value that is not an http(s) URL', () => {
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'ftp://files.example' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'dosechain.example' })).toThrow(/PUBLIC_URL/);
  });
});

describe('MAIL_RETRY_BASE_SECONDS', () => {
  it('defaults to 30 s and takes whole seconds from 1 to 3600', () => {
    expect(loadConfig(base).mailRetryBaseSeconds).toBe(30);
    expect(loadConfig({ ...base, MAIL_RETRY_BASE_SECONDS: '1' }).mailRetryBaseSeconds).toBe(1);
    expect(() => loadConfig({ ...base, MAIL_RETRY_BASE_SECONDS: '0' })).toThrow(/MAIL_RETRY_BASE_SECONDS/);
    expect(() => loadConfig({ ...base, MAIL_RETRY_BASE_SECONDS: '0.5' })).toThrow(/MAIL_RETRY_BASE_SECONDS/);
  });
});
