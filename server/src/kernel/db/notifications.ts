import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Executor } from './client.ts';

/**
 * PostgreSQL `NOTIFY` channels the app sends on, always inside the transaction of the change
 * they announce (so a rolled-back change announces nothing). Their payloads are hints, never
 * trusted: anyone who can connect to the database can notify, so a listener only ever re-reads
 * the database (decision 023).
 */
export const channels = {
  /** Audit rows were appended; the payload is the chain's new head position. */
  auditAppended: 'dosechain_audit_appended',
  /** Sessions of a user ended (logout, revocation); the payload is the user's id. */
  sessionsEnded: 'dosechain_sessions_ended',
  /** A mail failed all its attempts; no payload. */
  mailsFailed: 'dosechain_mails_failed',
} as const;
export type Channel = (typeof channels)[keyof typeof channels];

/** What a listener is told. Called from the driver: do no database work synchronously in them. */
export interface NotificationHandlers {
  notify(channel: string, payload: string): void;
  /**
   * The listening connection is in place: at the start, and again after it was lost (what was
   * notified in between is gone: read the database again).
   */
  listening(): void;
  /** The listening connection was lost, or could not be opened; it is tried again. */
  lost?(err: Error): void;
}

export interface NotificationListener {
  close(): Promise<void>;
}

/** Listens on the channels with one connection of its own. */
export type Listen = (
  channelNames: readonly Channel[],
  handlers: NotificationHandlers,
) => Promise<NotificationListener>;

/** Tells every listening instance that `userId`'s sessions ended, in the caller's transaction. */
export async function announceSessionsEnded(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`select pg_notify(${channels.sessionsEnded}, ${String(userId)})`);
}

/** Tells every listening instance that a mail failed for good, in the caller's transaction. */
export async function announceMailFailed(db: Executor): Promise<void> {
  await db.execute(sql`select pg_notify(${channels.mailsFailed}, '')`);
}

/** Embedded PGlite: one process, one connection; its LISTEN is in-process and transactional too. */
export function pgliteListen(client: PGlite): Listen {
  return async (channelNames, handlers) => {
    const stops = await Promise.all(
      channelNames.map((channel) => client.listen(channel, (payload) => handlers.notify(channel, payload))),
    );
    handlers.listening();
    return {
      async close() {
        if (client.closed) return;
        for (const stop of stops) await stop();
      },
    };
  };
}

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * PostgreSQL: one dedicated connection outside the pool (a pooled one would be handed to
 * queries), named `dosechain-listen` in `pg_stat_activity`, kept alive; when it drops it is
 * opened again with back-off (0.5 s doubling to 30 s), and `listening` says so once it is back.
 */
export function pgListen(config: pg.ClientConfig): Listen {
  return async (channelNames, handlers) => {
    let current: pg.Client | undefined;
    let closed = false;
    let retryMs = RETRY_FIRST_MS;
    let timer: NodeJS.Timeout | undefined;

    const drop = (client: pg.Client, err: Error) => {
      if (current !== client) return;
      current = undefined;
      void client.end().catch(() => undefined);
      if (closed) return;
      handlers.lost?.(err);
      retryLater();
    };
    const connect = async () => {
      const client = new pg.Client({ ...config, application_name: 'dosechain-listen', keepAlive: true });
      // Without a listener an error on an idle connection would crash the process.
      client.on('error', (err) => drop(client, err));
      client.on('end', () => drop(client, new Error('the listening connection ended')));
      client.on('notification', (n) => handlers.notify(n.channel, n.payload ?? ''));
      current = client;
      try {
        await client.connect();
        for (const channel of channelNames) await client.query(`LISTEN ${channel}`);
      } catch (err) {
        drop(client, err as Error);
        return;
      }
      if (closed || current !== client) return;
      retryMs = RETRY_FIRST_MS;
      handlers.listening();
    };
    const retryLater = () => {
      timer = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };

    await connect();
    return {
      async close() {
        closed = true;
        clearTimeout(timer);
        const client = current;
        current = undefined;
        await client?.end().catch(() => undefined);
      },
    };
  };
}
