import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** One claimed outbox row, ready to leave. */
export interface MailMessage {
  id: number;
  recipients: string[];
  subject: string;
  text: string;
  html: string | null;
  /** When the row was written; with the id it makes the Message-ID. */
  createdAt: Date;
}

/** Where mail goes: an SMTP server, or `.eml` files when none is configured. */
export interface MailTransport {
  /** Delivers one message or throws; the outbox retries what throws. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

// An unreachable or stalled SMTP server must fail an attempt in seconds, not hold the
// dispatcher for nodemailer's default two minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * The same Message-ID on every attempt of one outbox row (`<outbox.ID.CREATED@sender's domain>`),
 * so a receiver can tell a repeated delivery (delivery is at least once) from a new mail.
 */
export function outboxMessageId(from: string, m: Pick<MailMessage, 'id' | 'createdAt'>): string {
  const domain = /@([^\s>]+)/.exec(from)?.[1] ?? 'dosechain.invalid';
  return `<outbox.${m.id}.${m.createdAt.getTime().toString(36)}@${domain}>`;
}

const toNodemailer = (from: string, m: MailMessage) => ({
  from,
  messageId: outboxMessageId(from, m),
  to: m.recipients,
  subject: m.subject,
  text: m.text,
  ...(m.html ? { html: m.html } : {}),
});

/** Sends over SMTP (`SMTP_URL`, e.g. `smtp://user:pass@host:587`; `smtps://` for TLS on connect). */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  // Query parameters of the URL (e.g. `?tls.rejectUnauthorized=false`) are nodemailer options.
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      await transporter.sendMail(toNodemailer(from, message));
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP, each mail is written as an `.eml` file (openable by any mail client) under
 * `dir`, and its path logged, so that someone evaluating the app can follow a recovery link.
 */
export function emlFileTransport(dir: string, from: string, log: FastifyBaseLogger): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // The folder is made on the first mail, and again should it have been removed since.
  let folderMade = false;
  const write = async (file: string, content: Buffer) => {
    if (!folderMade) await mkdir(dir, { recursive: true });
    folderMade = true;
    try {
      await writeFile(file, content, { mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      await mkdir(dir, { recursive: true });
      await writeFile(file, content, { mode: 0o600 });
    }
  };
  return {
    async send(message) {
      const info = await composer.sendMail(toNodemailer(from, message));
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${message.id}.eml`);
      await write(file, info.message as Buffer);
      log.info({ event: 'mail.written', file, subject: message.subject }, `mail written to ${file}`);
    },
    close: () => composer.close(),
  };
}

/** The transport the configuration asks for: SMTP when `SMTP_URL` is set, else `DATA_DIR/mail`. */
export function configuredTransport(
  config: { smtpUrl: string | undefined; mailFrom: string; dataDir: string },
  log: FastifyBaseLogger,
): MailTransport {
  return config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : emlFileTransport(path.join(config.dataDir, 'mail'), config.mailFrom, log);
}
