import { describe, expect, it } from 'vitest';
import { webhookUrlKey } from './webhooks.ts';

describe('webhookUrlKey', () => {
  it('makes scheme and host case, the default port and a trailing slash the same endpoint', () => {
    const key = webhookUrlKey('https://hooks.example.org/dosechain');
    expect(webhookUrlKey('HTTPS://Hooks.Example.ORG:443/dosechain/')).toBe(key);
    expect(webhookUrlKey(' https://hooks.example.org/dosechain ')).toBe(key);
    expect(webhookUrlKey('https://hooks.example.org/x/../dosechain')).toBe(key);
    expect(webhookUrlKey('https://hooks.example.org')).toBe(webhookUrlKey('https://hooks.example.org/'));
  });

  it('keeps the path case, another port and the query apart', () => {
    const key = webhookUrlKey('https://hooks.example.org/dosechain');
    expect(webhookUrlKey('https://hooks.example.org/DoseChain')).not.toBe(key);
    expect(webhookUrlKey('https://hooks.example.org:8443/dosechain')).not.toBe(key);
    expect(webhookUrlKey('https://hooks.example.org/dosechain?study=1')).not.toBe(key);
    expect(webhookUrlKey('http://hooks.example.org/dosechain')).not.toBe(key);
  });
});
