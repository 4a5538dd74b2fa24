import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './kernel/config.ts';

const base = {
  JWT_SECRET: 'x'.repeat(32),
  AUDIT_KEY: 'y'.repeat(32),
  DATA_DIR: '/tmp/dosechain-config-test',
};

/** The client address Fastify derives with TRUST_PROXY=value for a request from 127.0.0.1. */
async function clientIp(value: string, forwardedFor: string): Promise<string> {
  const { trustProxy } = loadConfig({ ...base, TRUST_PROXY: value });
  const app = Fastify({ trustProxy });
  app.get('/ip', (request) => request.ip);
  try {
    const res = await app.inject({ method: 'GET', url: '/ip', headers: { 'x-forwarded-for': forwardedFor } });
    return res.body;
  } finally {
    await app.close();
  }
}

describe('TRUST_PROXY as Fastify applies it', () => {
  it('ignores X-Forwarded-For when off, and takes it from the trusted proxies only', async () => {
    expect(await clientIp('0', '203.0.113.9')).toBe('127.0.0.1');
    expect(await clientIp('1', '198.51.100.1, 203.0.113.9')).toBe('198.51.100.1');
    expect(await clientIp('127.0.0.0/8', '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await clientIp('127.0.0.1,203.0.113.0/24', '198.51.100.1, 203.0.113.9')).toBe('198.51.100.1');
    expect(await clientIp('10.0.0.0/8', '203.0.113.9')).toBe('127.0.0.1');
  });
});
