import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().min(1).optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  AUDIT_KEY: z.string().min(32, 'AUDIT_KEY must be at least 32 characters').optional(),
  SMTP_URL: z.string().min(1).optional(),
  SUPPORT_EMAIL: z.email().default('support@dosechain.example'),
  MAIL_FROM: z.string().default('DoseChain <no-reply@dosechain.example>'),
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  ESIGNATURE: z.enum(['on', 'off']).default('on'),
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(0).default(90),
  LOCKOUT_MINUTES: z.coerce.number().int().min(0).max(525_600).default(30),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  WEB_DIST: z.string().optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' }).optional(),
});

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
  bodyLimitBytes: number;
  /** Behind a load balancer: take the client IP (rate limits, logs) from X-Forwarded-For. */
  trustProxy: boolean;
  /** Login, refresh and password calls allowed per IP and minute. */
  authRateLimitPerMinute: number;
  webDist: string;
  /** Where users reach the UI; links in mails (password recovery) start with it. No trailing slash. */
  publicUrl: string;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

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
    smtpUrl: e.SMTP_URL,
    supportEmail: e.SUPPORT_EMAIL,
    mailFrom: e.MAIL_FROM,
    mailRetryBaseSeconds: e.MAIL_RETRY_BASE_SECONDS,
    eSignature: e.ESIGNATURE === 'on',
    passwordMaxAgeDays: e.PASSWORD_MAX_AGE_DAYS,
    lockoutMinutes: e.LOCKOUT_MINUTES,
    seedDemo: e.DATABASE_URL ? e.SEED_DEMO === '1' : e.SEED_DEMO !== '0',
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY === '1',
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    webDist: path.resolve(base, e.WEB_DIST ?? path.join(repoRoot, 'web/dist')),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
  };
}
