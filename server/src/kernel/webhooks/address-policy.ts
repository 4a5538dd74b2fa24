import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { messages } from '@dosechain/contract';
import type { AppConfig } from '../config.ts';

/**
 * Where a webhook may be sent (decision 030, SSRF): an `https:` URL (`http:` only with
 * WEBHOOK_ALLOW_HTTP, never in production), whose host resolves only to public addresses —
 * loopback, private, link-local, CGNAT, multicast, unspecified, documentation and other reserved
 * IPv4 ranges, and any IPv6 address outside global unicast 2000::/3 or in its special ranges
 * (so every IPv4-embedding form is refused) — unless WEBHOOK_ALLOW_PRIVATE_NETWORKS.
 * Checked at creation and again at each send, which connects to the address checked.
 */
/** The configuration's policy (both off when absent). */
export function webhookPolicy(config: AppConfig): WebhookNetworkPolicy {
  return {
    allowHttp: config.webhookAllowHttp ?? false,
    allowPrivateNetworks: config.webhookAllowPrivateNetworks ?? false,
  };
}

export interface WebhookNetworkPolicy {
  allowHttp: boolean;
  allowPrivateNetworks: boolean;
}

// IPv4 and IPv6 rules in separate lists: a BlockList checks an IPv4 address against its IPv6
// rules too (as IPv4-mapped), so IPv6 rules would refuse IPv4 addresses (a test caught it).
const reservedV4 = new BlockList();
const reservedV6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  reservedV4.addSubnet(net, prefix, 'ipv4');
}
// IPv6 is allowed in global unicast 2000::/3 only (RFC 4291; IANA's special-purpose registry),
// so everything outside it is refused at once: `::`, `::1`, every IPv4-mapped, -compatible and
// -translated form (`::ffff:0:0/96`, `::ffff:0:0:0/96`, `::/96`), NAT64 `64:ff9b::/96` and
// `64:ff9b:1::/48`, discard `100::/64`, unique local `fc00::/7`, link- and site-local, multicast
// — and whatever the registry adds outside 2000::/3 later. Inside it, these special ranges:
const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet('2000::', 3, 'ipv6');
for (const [net, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32 (embeds any IPv4 address), benchmarking, ORCHID, AMT, AS112
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds any IPv4 address, private ones included; deprecated (RFC 7526)
  ['3ffe::', 16], // the former 6bone, returned
  ['3fff::', 20], // documentation (RFC 9637)
] as const) {
  reservedV6.addSubnet(net, prefix, 'ipv6');
}

/** Whether the address (IPv4 or IPv6 literal) is in a range webhooks may not reach by default. */
export function isReservedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return reservedV4.check(address, 'ipv4');
  return !globalUnicastV6.check(address, 'ipv6') || reservedV6.check(address, 'ipv6');
}

export interface ResolvedTarget {
  url: URL;
  /** The address to connect to (checked). */
  address: string;
  family: 4 | 6;
}

export class WebhookUrlRefused extends Error {}

/** How long a host's resolution may take before the URL is refused. */
const LOOKUP_TIMEOUT_MS = 5_000;

async function resolveHost(hostname: string): Promise<{ address: string; family: number }[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('lookup timed out')), LOOKUP_TIMEOUT_MS);
  });
  try {
    return await Promise.race([lookup(hostname, { all: true, verbatim: true }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks a webhook URL against the policy and resolves its host: the URL and the address to
 * connect to, or `WebhookUrlRefused` with the contract's message. Every address the host
 * resolves to must be allowed (one private answer refuses it), so a host cannot mix a public
 * and a private address and hope for the latter.
 */
export async function checkWebhookTarget(raw: string, policy: WebhookNetworkPolicy): Promise<ResolvedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlRefused(messages.webhookUrlInvalid);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new WebhookUrlRefused(messages.webhookUrlInvalid);
  if (url.protocol === 'http:' && !policy.allowHttp)
    throw new WebhookUrlRefused(messages.webhookUrlHttpsRequired);
  if (url.username || url.password) throw new WebhookUrlRefused(messages.webhookUrlCredentials);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (!host) throw new WebhookUrlRefused(messages.webhookUrlInvalid);
  let addresses: { address: string; family: number }[];
  if (isIP(host) !== 0) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await resolveHost(host);
    } catch {
      throw new WebhookUrlRefused(messages.webhookUrlUnresolvable);
    }
    if (addresses.length === 0) throw new WebhookUrlRefused(messages.webhookUrlUnresolvable);
  }
  if (!policy.allowPrivateNetworks && addresses.some((a) => isReservedAddress(a.address))) {
    throw new WebhookUrlRefused(messages.webhookUrlPrivateAddress);
  }
  const [first] = addresses;
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}
