import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@dosechain/contract';

/**
 * A webhook's signing secret (decision 030): `whsec_` and the base64 of 32 random bytes, the
 * Standard Webhooks format. It has to be recoverable to sign, so it is stored encrypted with
 * AES-256-GCM under a key derived (HKDF-SHA256, its own label) from the audit key: that key is
 * already required in production, the same on every instance and kept apart from the database,
 * so a copy of the database alone yields no secret.
 */

const KEY_INFO = 'dosechain webhook signing secrets v1';
const FORMAT = 'v1';
const keys = new Map<string, Buffer>();

function encryptionKey(auditKey: string): Buffer {
  let key = keys.get(auditKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', auditKey, Buffer.alloc(0), KEY_INFO, 32));
    keys.set(auditKey, key);
  }
  return key;
}

export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** `v1.<iv>.<ciphertext>.<tag>`, each base64url. */
export function encryptWebhookSecret(secret: string, auditKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(auditKey), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [FORMAT, iv, data, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptWebhookSecret(stored: string, auditKey: string): string {
  const [format, iv, data, tag] = stored.split('.');
  if (format !== FORMAT || !iv || !data || !tag) throw new Error('unreadable webhook secret');
  const decipher = createDecipheriv('aes-256-gcm', encryptionKey(auditKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * The `webhook-signature` header's value: `v1,` and the base64 HMAC-SHA256, under the secret's
 * bytes (the base64 after `whsec_`), of `<delivery id>.<timestamp seconds>.<body>`.
 */
export function signWebhook(secret: string, deliveryId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${deliveryId}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}
