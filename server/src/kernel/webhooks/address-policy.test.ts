import { messages } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { checkWebhookTarget, isReservedAddress } from './address-policy.ts';

/** Issue 31 §6: IPv6 webhook targets only in global unicast 2000::/3, minus its special ranges. */
describe('webhook address policy, IPv6', () => {
  const strict = { allowHttp: false, allowPrivateNetworks: false };

  it('refuses the IPv4-translated form of loopback, given as a URL (the repro)', async () => {
    await expect(checkWebhookTarget('https://[::ffff:0:127.0.0.1]/', strict)).rejects.toThrow(
      messages.webhookUrlPrivateAddress,
    );
    await expect(checkWebhookTarget('https://[::ffff:0:a00:1]/hook', strict)).rejects.toThrow(
      messages.webhookUrlPrivateAddress,
    );
  });

  it('refuses every address outside 2000::/3', () => {
    for (const address of [
      '::ffff:0:7f00:1', // IPv4-translated ::ffff:0:0:0/96
      '::ffff:0:808:808', // … even of a public IPv4 address
      '::127.0.0.1', // IPv4-compatible
      '::ffff:8.8.8.8', // IPv4-mapped
      '0:1::1', // the rest of ::/8
      '::2',
      '100::1', // discard
      '400::1', // unassigned, outside 2000::/3
      '1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', // just below 2000::/3
      '4000::1', // just above
      '64:ff9b::808:808', // NAT64
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fec0::1',
      'ff0e::1',
    ]) {
      expect(isReservedAddress(address), address).toBe(true);
    }
  });

  it('refuses the special ranges inside 2000::/3', () => {
    for (const address of [
      '2001::1', // Teredo
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo, a real-looking one
      '2001:2::1', // benchmarking
      '2001:20::1', // ORCHIDv2
      '2001:1ff::1', // the end of 2001::/23
      '2001:db8::1', // documentation
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2002:808:808::1', // 6to4 of a public address: refused as well
      '3ffe::1', // former 6bone
      '3fff::1', // documentation (RFC 9637)
    ]) {
      expect(isReservedAddress(address), address).toBe(true);
    }
  });

  it('allows global unicast addresses', () => {
    for (const address of [
      '2606:4700:4700::1111',
      '2a00:1450:4001:80b::200e',
      '2001:200::1', // just after 2001::/23
      '2001:4860:4860::8888',
      '2400:cb00::1',
      '3ffd:ffff::1',
      '3fff:1000::1', // just after 3fff::/20
    ]) {
      expect(isReservedAddress(address), address).toBe(false);
    }
  });

  it('lets a global unicast literal through as the address to connect to', async () => {
    await expect(checkWebhookTarget('https://[2606:4700:4700::1111]/hook', strict)).resolves.toMatchObject({
      address: '2606:4700:4700::1111',
      family: 6,
    });
  });

  it('allows all of them with WEBHOOK_ALLOW_PRIVATE_NETWORKS', async () => {
    await expect(
      checkWebhookTarget('https://[::ffff:0:127.0.0.1]/', { allowHttp: false, allowPrivateNetworks: true }),
    ).resolves.toMatchObject({ address: '::ffff:0:7f00:1', family: 6 });
  });
});
