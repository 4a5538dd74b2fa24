import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The audit trail's chain (decision 015): every audit row carries an HMAC-SHA256, under a key
 * kept outside the database, over the previous row's chain value and this row's content. Edit,
 * remove, insert or reorder a row and the chain breaks from that row on; recomputing it needs
 * the key. These are the pure parts: the content's canonical form, the chain value, the key.
 */

/** The chain value the first chained row follows: 32 zero bytes, as hex. */
export const GENESIS = '0'.repeat(64);

/** Names the layout of the content below; a different layout would need another name. */
const CONTENT_VERSION = 'dosechain.audit.v1';

/** What the chain covers of one audit row: every column but the chain value itself. */
export interface ChainedRow {
  /** 1 for the first chained row, then one more for each. */
  position: number;
  id: number;
  entityType: string;
  entityId: number;
  eventType: string;
  /** As stored (JSON): `{field: [old, new]}`. */
  changeset: unknown;
  reason: string | null;
  actorUserId: number | null;
  actorUsername: string;
  actorFullName: string;
  actorRoleType: string | null;
  /** The instant in UTC to the microsecond, as PostgreSQL keeps it: `2026-11-25T03:08:00.123456Z`. */
  issuedAt: string;
  signed: boolean;
  signatureMeaning: string | null;
}

/**
 * The audit_log columns the chain covers (`chain_hmac` is the chain value). A test compares this
 * with the table's columns, so a column added later without being chained fails it.
 */
export const chainedColumns = [
  'id',
  'entity_type',
  'entity_id',
  'event_type',
  'changeset',
  'reason',
  'actor_user_id',
  'actor_username',
  'actor_full_name',
  'actor_role_type',
  'signed',
  'signature_meaning',
  'issued_at',
  'chain_position',
] as const;

/**
 * JSON with every object's keys sorted (by UTF-16 code units) and no whitespace: one text for
 * one value, whatever order its keys were written or stored in (jsonb reorders them). Takes
 * JSON data: what `JSON.parse` gives.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((k) => record[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
}

/** The value as the database will store it and hand back: JSON data (dates as ISO text, no undefined). */
export function asStoredJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null));
}

/** The bytes the chain value of a row covers, besides the previous chain value. */
export function chainedContent(row: ChainedRow): string {
  return canonicalJson([
    CONTENT_VERSION,
    row.position,
    row.id,
    row.entityType,
    row.entityId,
    row.eventType,
    row.changeset,
    row.reason,
    row.actorUserId,
    row.actorUsername,
    row.actorFullName,
    row.actorRoleType,
    row.issuedAt,
    row.signed,
    row.signatureMeaning,
  ]);
}

/** HMAC-SHA256(key, previous chain value ‖ canonical content), as hex. */
export function chainValue(key: Buffer, previous: string, row: ChainedRow): string {
  return createHmac('sha256', key)
    .update(Buffer.from(previous, 'hex'))
    .update(chainedContent(row), 'utf8')
    .digest('hex');
}

/** Whether two chain values (hex) are the same, in constant time. */
export function sameChainValue(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === 32 && y.length === 32 && timingSafeEqual(x, y);
}

/** Each key's check, computed once (every audited change writes it). Keys are not changed in place. */
const keyChecks = new WeakMap<Buffer, string>();

/**
 * An HMAC of a fixed text under the key, kept with the chain's head: a server started with
 * another key than the chain's is told so, instead of adding rows nobody could verify.
 */
export function keyCheckOf(key: Buffer): string {
  let check = keyChecks.get(key);
  if (check === undefined) {
    check = createHmac('sha256', key).update('dosechain.audit.key-check.v1').digest('hex');
    keyChecks.set(key, check);
  }
  return check;
}

export function keyBytes(key: string): Buffer {
  return Buffer.from(key, 'utf8');
}

let processKey: Buffer | undefined;

/**
 * Sets the key audit rows of this process are chained with (the configuration's `auditKey`):
 * `buildApp` does, and whatever writes audit rows before or without the app (start-up seeding,
 * the operator command line).
 */
export function useAuditKey(key: string): void {
  processKey = keyBytes(key);
}

/** The key set by `useAuditKey`; writing an audit row without one is a programming error. */
export function auditKey(): Buffer {
  if (!processKey)
    throw new Error('No audit key: call useAuditKey(config.auditKey) before writing audit rows');
  return processKey;
}

export class AuditKeyMismatchError extends Error {
  constructor() {
    super(
      'The audit key (AUDIT_KEY, else DATA_DIR/audit-key) is not the key this audit trail was chained with: ' +
        'rows added with it could never be verified. Start with the key the trail was written with (decision 015).',
    );
    this.name = 'AuditKeyMismatchError';
  }
}
