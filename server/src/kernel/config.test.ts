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

describe('NODE_ENV=production', () => {
  const secrets = { JWT_SECRET: 'j'.repeat(32), AUDIT_KEY: 'a'.repeat(32), DATA_DIR: base.DATA_DIR };
  const pg = { DATABASE_URL: 'postgres://db.example/dosechain', PUBLIC_URL: 'https://dosechain.example' };

  it('refuses to start without JWT_SECRET or AUDIT_KEY, naming the variable', () => {
    const prod = { NODE_ENV: 'production', DATA_DIR: base.DATA_DIR };
    expect(() => loadConfig({ ...prod, AUDIT_KEY: 'a'.repeat(32) })).toThrow(/requires JWT_SECRET to be set/);
    expect(() => loadConfig({ ...prod, JWT_SECRET: 'j'.repeat(32) })).toThrow(/requires AUDIT_KEY to be set/);
    expect(() => loadConfig(prod)).toThrow(/requires JWT_SECRET, AUDIT_KEY to be set/);
  });

  it('on PostgreSQL also requires PUBLIC_URL', () => {
    const prod = { ...secrets, NODE_ENV: 'production' };
    expect(() => loadConfig({ ...prod, DATABASE_URL: pg.DATABASE_URL })).toThrow(/requires PUBLIC_URL/);
    expect(loadConfig({ ...prod, ...pg }).publicUrl).toBe('https://dosechain.example');
    // The embedded database is a single-machine evaluation: localhost links are right there.
    expect(loadConfig(prod).publicUrl).toBe('http://localhost:3000');
  });

  it('never seeds the demo data unless SEED_DEMO=1', () => {
    const prod = { ...secrets, NODE_ENV: 'production' };
    expect(loadConfig(prod).seedDemo).toBe(false);
    expect(loadConfig({ ...prod, ...pg }).seedDemo).toBe(false);
    expect(loadConfig({ ...prod, SEED_DEMO: '1' }).seedDemo).toBe(true);
    // Outside production the embedded database keeps its demo default.
    expect(loadConfig(secrets).seedDemo).toBe(true);
    expect(loadConfig({ ...secrets, ...pg }).seedDemo).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string) => loadConfig({ ...base, TRUST_PROXY: value }).trustProxy;

  it('takes 0 and 1 (off, every proxy), or addresses and CIDRs', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toBe(true);
    expect(trust('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(trust('10.0.0.0/8, 192.168.1.7,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else', () => {
    for (const value of [
      'yes',
      // A hop count: Fastify fails closed on one, so it would silently do nothing.
      '2',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0',
      'proxy.example',
      '10.0.0.1,',
      '-1',
      '1.5',
      '',
    ]) {
      expect(() => trust(value), value).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('database options', () => {
  it('default to a pool of 10, a 30 s statement timeout and no TLS', () => {
    expect(loadConfig(base).database).toEqual({ poolMax: 10, statementTimeoutMs: 30_000, ssl: 'disable' });
  });

  it('take a pool size, a timeout (0: none) and a TLS mode', () => {
    const config = loadConfig({
      ...base,
      DATABASE_POOL_MAX: '25',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      DATABASE_SSL: 'verify-full',
    });
    expect(config.database).toEqual({ poolMax: 25, statementTimeoutMs: 0, ssl: 'verify-full' });
    expect(loadConfig({ ...base, DATABASE_SSL: 'require' }).database?.ssl).toBe('require');
  });

  it('refuse bad values, naming the variable', () => {
    expect(() => loadConfig({ ...base, DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadConfig({ ...base, DATABASE_POOL_MAX: 'ten' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadConfig({ ...base, DATABASE_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ ...base, DATABASE_SSL: 'prefer' })).toThrow(/DATABASE_SSL/);
  });
});

describe('SHUTDOWN_DELAY_SECONDS', () => {
  it('defaults to 5 s and takes 0', () => {
    expect(loadConfig(base).shutdownDelaySeconds).toBe(5);
    expect(loadConfig({ ...base, SHUTDOWN_DELAY_SECONDS: '0' }).shutdownDelaySeconds).toBe(0);
    expect(() => loadConfig({ ...base, SHUTDOWN_DELAY_SECONDS: 'soon' })).toThrow(/SHUTDOWN_DELAY_SECONDS/);
  });
});

describe('METRICS_TOKEN', () => {
  it('is off by default and takes 16 characters or more', () => {
    expect(loadConfig(base).metricsToken).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_TOKEN: 'm'.repeat(16) }).metricsToken).toBe('m'.repeat(16));
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});

describe('retention', () => {
  it('keeps sent mail 90 days (0: forever) and runs hourly by default', () => {
    expect(loadConfig(base)).toMatchObject({ mailRetentionDays: 90, retentionIntervalMinutes: 60 });
    expect(loadConfig({ ...base, MAIL_RETENTION_DAYS: '0' }).mailRetentionDays).toBe(0);
    expect(() => loadConfig({ ...base, MAIL_RETENTION_DAYS: '-1' })).toThrow(/MAIL_RETENTION_DAYS/);
    expect(() => loadConfig({ ...base, RETENTION_INTERVAL_MINUTES: '0' })).toThrow(
      /RETENTION_INTERVAL_MINUTES/,
    );
  });
});

describe('AUDIT_CHECKPOINT_HOURS', () => {
  it('logs a checkpoint every 24 hours by default; 0 only at start; whole hours up to a week', () => {
    expect(loadConfig(base).auditCheckpointHours).toBe(24);
    expect(loadConfig({ ...base, AUDIT_CHECKPOINT_HOURS: '0' }).auditCheckpointHours).toBe(0);
    expect(loadConfig({ ...base, AUDIT_CHECKPOINT_HOURS: '168' }).auditCheckpointHours).toBe(168);
    for (const bad of ['-1', '169', '1.5', 'daily']) {
      expect(() => loadConfig({ ...base, AUDIT_CHECKPOINT_HOURS: bad })).toThrow(/AUDIT_CHECKPOINT_HOURS/);
    }
  });
});

describe('OIDC_ISSUER', () => {
  const oidc = { ...base, OIDC_CLIENT_ID: 'dosechain', OIDC_CLIENT_SECRET: 'secret' };

  it("knows Entra ID's issuers, whose verified e-mail is said by xms_edov", () => {
    for (const issuer of [
      'https://login.microsoftonline.com/7c6f3ad8-2b1e-4a83-9d57-0c9b5c1b7e2f/v2.0',
      'https://login.microsoftonline.us/7c6f3ad8-2b1e-4a83-9d57-0c9b5c1b7e2f/v2.0',
      'https://contoso.ciamlogin.com/7c6f3ad8-2b1e-4a83-9d57-0c9b5c1b7e2f/v2.0',
    ])
      expect(loadConfig({ ...oidc, OIDC_ISSUER: issuer }).oidc?.entra).toBe(true);
    for (const issuer of [
      'https://keycloak.contoso.example/realms/staff',
      'https://login.microsoftonline.com.evil.example/tenant/v2.0',
    ])
      expect(loadConfig({ ...oidc, OIDC_ISSUER: issuer }).oidc?.entra).toBe(false);
  });
});
