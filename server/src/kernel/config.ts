import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { serverPackage } from './server-package.ts';

/** How the server's PostgreSQL connections use TLS: none, encrypted, or encrypted to a verified host. */
export type DatabaseSsl = 'disable' | 'require' | 'verify-full';

/**
 * Fastify's `trustProxy`: false (0), true (1: every proxy), or the addresses and CIDRs of the
 * trusted proxies. Not a hop count: Fastify fails closed on one (it cannot check the immediate
 * peer, so a client could forge enough hops), and a setting that silently does nothing is refused.
 */
export type TrustProxy = boolean | string[];

// proxy-addr (under Fastify's trustProxy) also takes these names for whole ranges.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address or CIDR Fastify's trustProxy accepts: `10.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`, `loopback`. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  // proxy-addr also takes an IPv4 netmask after the slash.
  if (version === 4 && isIP(prefix) === 4) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Parses TRUST_PROXY: `0`, `1`, or a comma-separated list of addresses/CIDRs. */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim();
  if (text === '0') return false;
  if (text === '1') return true;
  const entries = text.split(',').map((e) => e.trim());
  return entries.length > 0 && entries.every(isProxyAddress) ? entries : undefined;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().min(1).optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  AUDIT_KEY: z.string().min(32, 'AUDIT_KEY must be at least 32 characters').optional(),
  // A timer takes at most 24.8 days; a week is the most that makes sense between checkpoints.
  AUDIT_CHECKPOINT_HOURS: z.coerce
    .number()
    .int('AUDIT_CHECKPOINT_HOURS must be a whole number of hours')
    .min(0, 'AUDIT_CHECKPOINT_HOURS must be 0 (only at start) to 168')
    .max(168, 'AUDIT_CHECKPOINT_HOURS must be 0 (only at start) to 168')
    .default(24),
  SMTP_URL: z.string().min(1).optional(),
  SUPPORT_EMAIL: z.email().default('support@dosechain.example'),
  MAIL_FROM: z.string().default('DoseChain <no-reply@dosechain.example>'),
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  ESIGNATURE: z.enum(['on', 'off']).default('on'),
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(0).default(90),
  LOCKOUT_MINUTES: z.coerce.number().int().min(0).max(525_600).default(30),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'LOG_FORMAT must be json or pretty' }).optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed === undefined) {
        ctx.addIssue({
          code: 'custom',
          message:
            "TRUST_PROXY must be 0, 1 or a comma-separated list of the proxies' addresses/CIDRs (a hop count cannot be verified: list the proxies instead)",
        });
        return z.NEVER;
      }
      return parsed;
    }),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  DATABASE_SSL: z.enum(['disable', 'require', 'verify-full']).default('disable'),
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(300).default(5),
  NODE_ENV: z.string().optional(),
  GIT_COMMIT: z.string().min(1).optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  WEB_DIST: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(0).default(90),
  RETENTION_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  LATE_CHECK_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1440).default(5),
  WEBHOOK_ALLOW_HTTP: z.enum(['0', '1']).default('0'),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: z.enum(['0', '1']).default('0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' }).optional(),
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'OIDC_ISSUER must be an http(s) URL' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_BUTTON_LABEL: z.string().min(1).max(60).default('Sign in with your organisation'),
  OIDC_CREATE_USERS: z.enum(['0', '1']).default('0'),
});

/** Sign-in with the organisation's OpenID provider (decision 056). */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  buttonLabel: string;
  /** An unknown person who signs in becomes a user without roles or groups (OIDC_CREATE_USERS=1). */
  createUsers: boolean;
  /**
   * The issuer is Microsoft Entra ID (by its host, see `isEntraIssuer`): its verified e-mail is
   * said by the optional claim `xms_edov`, not `email_verified`.
   */
  entra?: boolean;
}

/** Entra ID's sign-in hosts: the public cloud, the US government and China clouds, External ID. */
const ENTRA_HOSTS = [
  'login.microsoftonline.com',
  'login.microsoftonline.us',
  'login.partner.microsoftonline.cn',
];

/** Whether an issuer URL is Microsoft Entra ID's (e.g. https://login.microsoftonline.com/<tenant>/v2.0). */
export function isEntraIssuer(issuer: string): boolean {
  const host = new URL(issuer).hostname.toLowerCase();
  return ENTRA_HOSTS.includes(host) || host.endsWith('.ciamlogin.com');
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  /**
   * Keys the audit trail's chain (decision 015): AUDIT_KEY, else generated once into
   * DATA_DIR/audit-key. Kept outside the database; every instance on one database needs the same.
   */
  auditKey: string;
  /** How often a checkpoint of the audit chain is logged after the one at start (0: only then); 24 when absent. */
  auditCheckpointHours?: number;
  smtpUrl: string | undefined;
  supportEmail: string;
  mailFrom: string;
  /** First back-off after a failed send, doubled per attempt (8 attempts); 30 s when absent. */
  mailRetryBaseSeconds?: number;
  eSignature: boolean;
  passwordMaxAgeDays: number;
  /** How long an account stays locked after too many failed passwords; 0: until a user manager unlocks it. */
  lockoutMinutes: number;
  seedDemo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Log lines as JSON (for collectors), or readable (a person at a terminal); unset: pretty on a TTY. */
  logFormat?: 'json' | 'pretty';
  bodyLimitBytes: number;
  /** Behind a load balancer: which proxies' X-Forwarded-For gives the client IP (rate limits, logs). */
  trustProxy: TrustProxy;
  /** Login, refresh and password calls allowed per IP and minute. */
  authRateLimitPerMinute: number;
  webDist: string;
  /** Where users reach the UI; links in mails (password recovery) start with it. No trailing slash. */
  publicUrl: string;
  /** PostgreSQL only: the pool's size per instance, each statement's time limit (0: none), TLS; defaults when absent. */
  database?: { poolMax: number; statementTimeoutMs: number; ssl: DatabaseSsl };
  /** On SIGTERM, how long /ready answers 503 before the server stops taking requests. */
  shutdownDelaySeconds?: number;
  /** The deployed commit (GIT_COMMIT), reported by /ready; "unknown" when not set. */
  commit?: string;
  /** The bearer token of GET /metrics; without it the route does not exist. */
  metricsToken?: string;
  /** Sent outbox rows are deleted this many days after sending (0: kept); 90 when absent. */
  mailRetentionDays?: number;
  /** How often the retention job runs, in minutes; 60 when absent. */
  retentionIntervalMinutes?: number;
  /** How often the late-delivery watch runs, in minutes (0: off); 5 when absent. */
  lateCheckIntervalMinutes?: number;
  /** Webhook URLs may be `http://` (WEBHOOK_ALLOW_HTTP=1; refused in production). Off when absent. */
  webhookAllowHttp?: boolean;
  /**
   * Webhooks may reach loopback, private, link-local and other reserved addresses
   * (WEBHOOK_ALLOW_PRIVATE_NETWORKS=1: receivers inside the network). Off when absent (SSRF, decision 030).
   */
  webhookAllowPrivateNetworks?: boolean;
  /** OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together; absent: local passwords only. */
  oidc?: OidcConfig;
}

// The repository holds server/ and web/ side by side.
const repoRoot = serverPackage.dir
  ? path.dirname(serverPackage.dir)
  : path.resolve(import.meta.dirname, '../..');

/**
 * A secret that is not configured is generated once and kept in the data directory, so that
 * tokens survive restarts without a hard-coded default.
 */
export function persistentSecret(dataDir: string, file: string): string {
  const stored = storedSecret(dataDir, file);
  if (stored !== undefined) return stored;
  const secretPath = path.join(dataDir, file);
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(secretPath, secret, { mode: 0o600 });
  return secret;
}

/** A secret kept in the data directory, if there is one (read, never generated). */
export function storedSecret(dataDir: string, file: string): string | undefined {
  const secretPath = path.join(dataDir, file);
  return existsSync(secretPath) ? readFileSync(secretPath, 'utf8').trim() : undefined;
}

/** Where the audit chain's key is generated and kept when AUDIT_KEY is not set. */
export const AUDIT_KEY_FILE = 'audit-key';

/** Reads the environment once into a typed configuration; fails fast on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production) refuseUnsafeProduction(e);
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the command.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, e.DATA_DIR ?? 'data');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir, 'jwt-secret'),
    auditKey: e.AUDIT_KEY ?? persistentSecret(dataDir, AUDIT_KEY_FILE),
    auditCheckpointHours: e.AUDIT_CHECKPOINT_HOURS,
    smtpUrl: e.SMTP_URL,
    supportEmail: e.SUPPORT_EMAIL,
    mailFrom: e.MAIL_FROM,
    mailRetryBaseSeconds: e.MAIL_RETRY_BASE_SECONDS,
    eSignature: e.ESIGNATURE === 'on',
    passwordMaxAgeDays: e.PASSWORD_MAX_AGE_DAYS,
    lockoutMinutes: e.LOCKOUT_MINUTES,
    // Demo users with a published password never appear by default in production or on PostgreSQL.
    seedDemo: e.DATABASE_URL || production ? e.SEED_DEMO === '1' : e.SEED_DEMO !== '0',
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    webDist: path.resolve(base, e.WEB_DIST ?? path.join(repoRoot, 'web/dist')),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    database: {
      poolMax: e.DATABASE_POOL_MAX,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      ssl: e.DATABASE_SSL,
    },
    shutdownDelaySeconds: e.SHUTDOWN_DELAY_SECONDS,
    commit: e.GIT_COMMIT ?? 'unknown',
    metricsToken: e.METRICS_TOKEN,
    mailRetentionDays: e.MAIL_RETENTION_DAYS,
    retentionIntervalMinutes: e.RETENTION_INTERVAL_MINUTES,
    lateCheckIntervalMinutes: e.LATE_CHECK_INTERVAL_MINUTES,
    webhookAllowHttp: e.WEBHOOK_ALLOW_HTTP === '1',
    webhookAllowPrivateNetworks: e.WEBHOOK_ALLOW_PRIVATE_NETWORKS === '1',
    oidc: oidcConfigOf(e),
  };
}

/** The three OIDC settings come together or not at all: a half-configured provider is refused. */
function oidcConfigOf(e: z.infer<typeof envSchema>): OidcConfig | undefined {
  const required = {
    OIDC_ISSUER: e.OIDC_ISSUER,
    OIDC_CLIENT_ID: e.OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: e.OIDC_CLIENT_SECRET,
  };
  const missing = Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length === 3) return undefined;
  if (missing.length > 0) {
    throw new Error(
      `Invalid configuration:\nOIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together: ${missing.join(', ')} missing`,
    );
  }
  return {
    issuer: e.OIDC_ISSUER as string,
    clientId: e.OIDC_CLIENT_ID as string,
    clientSecret: e.OIDC_CLIENT_SECRET as string,
    buttonLabel: e.OIDC_BUTTON_LABEL,
    createUsers: e.OIDC_CREATE_USERS === '1',
    entra: isEntraIssuer(e.OIDC_ISSUER as string),
  };
}

/**
 * NODE_ENV=production: secrets generated into DATA_DIR would differ per instance and live next
 * to the data, and mail links would point at localhost, so each must be set explicitly.
 */
function refuseUnsafeProduction(e: {
  JWT_SECRET?: string;
  AUDIT_KEY?: string;
  PUBLIC_URL?: string;
  DATABASE_URL?: string;
  WEBHOOK_ALLOW_HTTP?: string;
}): void {
  if (e.WEBHOOK_ALLOW_HTTP === '1') {
    throw new Error(
      'Invalid configuration:\nWEBHOOK_ALLOW_HTTP=1 is refused with NODE_ENV=production: webhooks are sent over https only',
    );
  }
  const missing = [
    e.JWT_SECRET ? undefined : 'JWT_SECRET',
    e.AUDIT_KEY ? undefined : 'AUDIT_KEY',
    e.DATABASE_URL && !e.PUBLIC_URL ? 'PUBLIC_URL' : undefined,
  ].filter((name) => name !== undefined);
  if (missing.length > 0) {
    throw new Error(
      `Invalid configuration:\nNODE_ENV=production requires ${missing.join(', ')} to be set (see docs/configuration.md)`,
    );
  }
}
