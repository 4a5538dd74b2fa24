import { limits, messages } from '@dosechain/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { VerifiedAccess } from '../../kernel/auth/access-token.ts';
import type { Principal } from '../../kernel/auth/principal.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db/client.ts';
import {
  type Channel,
  channels,
  type Listen,
  type NotificationListener,
} from '../../kernel/db/notifications.ts';
import { AppError } from '../../kernel/http/app-error.ts';
import { safeError } from '../../kernel/safe-error.ts';
import { changesAfter, headPosition, type LiveChange, latestChanges } from './changes.ts';
import { LiveStream } from './stream.ts';
import { type Reader, readerOf, readsMailLog } from './views.ts';

/** Order and availability changes each instance keeps for readers that reconnect (decision 023). */
export const REPLAY_CHANGES = 1000;
/** Audit rows read per query when catching up. */
const READ_BATCH = 500;
/**
 * Tail reads start at least this far apart. Under a burst every commit notifies; reading once per
 * notification cost a statement per change (issue 34). A reader sees a change at most this much later.
 */
const READ_GAP_MS = 50;
/** After a failed read of the audit trail, the next try. */
const READ_RETRY_MS = 1000;

export interface LiveEventsOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  listen: Listen;
  /** How often streams get a heartbeat (and are checked for an expired token); default 25 s. */
  heartbeatMs?: number;
  /** How many changes are kept for replay; default `REPLAY_CHANGES`. */
  replayChanges?: number;
  /** Re-reads a stream's principal (throws its 401/403 when it may no longer read). */
  rereadPrincipal(stream: LiveStream): Promise<Principal>;
}

/** What a client asks for when it opens a stream. */
export interface StreamRequest {
  principal: Principal;
  session: VerifiedAccess;
  roleHeader: string | string[] | undefined;
  /** The Last-Event-ID header as sent. */
  lastEventId: string | undefined;
}

/** A Last-Event-ID: absent, a position, or not one we ever sent. */
function parseLastEventId(header: string | undefined): number | 'absent' | 'invalid' {
  if (header === undefined || header.trim() === '') return 'absent';
  const text = header.trim();
  return /^\d{1,15}$/.test(text) ? Number(text) : 'invalid';
}

/**
 * The live events of one server instance. It tails the audit trail: every audited change
 * commits a NOTIFY (audit/record.ts), on which the instance reads the rows after the last one it
 * read (`cursor`), once however many notifications came, turns them into changes and offers
 * each to every open stream, whose reader's role decides what it is told (views.ts). The last
 * `REPLAY_CHANGES` order and availability changes are kept for streams that reconnect with a
 * Last-Event-ID. One listening connection per instance; notifications are only ever a reason to
 * read, so a lost or forged one changes nothing but when the read happens.
 */
export class LiveEvents {
  private readonly streams = new Set<LiveStream>();
  /** Open and opening streams per user. */
  private readonly perUser = new Map<number, number>();
  private readonly buffer: LiveChange[] = [];
  /** Every order and availability change after this position is in `buffer`. */
  private completeAfter = 0;
  /** The position of the last audit row read. */
  private cursor = 0;
  private listener: NotificationListener | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private started = false;
  private stopped = false;
  private reading: Promise<void> | undefined;
  private readAgain = false;
  /** When the last tail read started (performance.now), and the timer of the next one. */
  private lastReadAt = Number.NEGATIVE_INFINITY;
  private gapTimer: NodeJS.Timeout | undefined;
  private readsStarted = 0;
  private readonly heartbeatMs: number;
  private readonly replayChanges: number;

  constructor(private readonly options: LiveEventsOptions) {
    this.heartbeatMs = options.heartbeatMs ?? limits.liveHeartbeatSeconds * 1000;
    this.replayChanges = options.replayChanges ?? REPLAY_CHANGES;
  }

  /** Listens, then fills the replay buffer from the audit trail and starts the heartbeat. */
  async start(): Promise<void> {
    const { db, listen, log } = this.options;
    let reconnected = false;
    this.listener = await listen([channels.auditAppended, channels.sessionsEnded, channels.mailsFailed], {
      notify: (channel, payload) => this.notified(channel as Channel, payload),
      listening: () => {
        // Back after a loss: what was notified meanwhile is read now; sessions may have ended.
        if (reconnected) {
          log.info('live events: listening again');
          this.pull();
          this.recheck(() => true);
        }
        reconnected = true;
      },
      lost: (err) => log.warn({ err: safeError(err) }, 'live events: the listening connection was lost'),
    });
    this.cursor = await headPosition(db);
    const latest = await latestChanges(db, this.cursor, this.replayChanges);
    this.buffer.push(...latest);
    this.completeAfter = latest.length < this.replayChanges ? 0 : latest[0]!.id - 1;
    this.started = true;
    this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
    // Anything committed between reading the head and now.
    this.pull();
  }

  /** Ends every stream and stops listening (before the server closes: a stream never ends by itself). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.retry);
    clearTimeout(this.gapTimer);
    for (const stream of this.streams) stream.end();
    await this.reading;
    await this.listener?.close();
  }

  /** How many tail reads have started (tests: a burst of changes is read in few reads). */
  tailReads(): number {
    return this.readsStarted;
  }

  /** How many streams are open, and for how many users (tests, and a leak would show here). */
  stats(): { streams: number; users: number } {
    return { streams: this.streams.size, users: this.perUser.size };
  }

  /**
   * Opens a stream for the request: 429 when the user already has `liveStreamsPerUser` here.
   * With a Last-Event-ID it first sends what the reader missed, or `reset` when that is more
   * than the instance kept (or an id it cannot know).
   */
  async open(request: StreamRequest): Promise<LiveStream> {
    const userId = request.principal.user.id;
    const held = this.perUser.get(userId) ?? 0;
    if (held >= limits.liveStreamsPerUser) {
      throw new AppError(429, 'TOO_MANY_STREAMS', messages.tooManyLiveStreams(limits.liveStreamsPerUser));
    }
    this.perUser.set(userId, held + 1);
    let stream: LiveStream | undefined;
    try {
      const reader = await readerOf(this.options.db, request.principal);
      const last = parseLastEventId(request.lastEventId);
      // An id ahead of this instance may come from another that read further: known if the trail has it.
      const head = typeof last === 'number' && last > this.cursor ? await headPosition(this.options.db) : 0;
      if (this.stopped) throw new AppError(503, 'INTERNAL_ERROR', messages.unexpectedError);
      // From here on synchronous: no change is read between the replay and joining the streams.
      stream = new LiveStream(
        request.session,
        request.roleHeader,
        reader,
        typeof last === 'number' ? last : 0,
      );
      if (
        last === 'invalid' ||
        (typeof last === 'number' && (last < this.completeAfter || last > Math.max(head, this.cursor)))
      )
        stream.reset(this.cursor);
      else if (typeof last === 'number') for (const change of this.buffer) stream.offer(change);
      stream.position(this.cursor);
      this.streams.add(stream);
    } catch (err) {
      this.release(userId);
      throw err;
    }
    const opened = stream;
    opened.body.once('close', () => {
      opened.end();
      if (this.streams.delete(opened)) this.release(userId);
    });
    return opened;
  }

  private release(userId: number): void {
    const held = (this.perUser.get(userId) ?? 1) - 1;
    if (held > 0) this.perUser.set(userId, held);
    else this.perUser.delete(userId);
  }

  private notified(channel: Channel, payload: string): void {
    if (channel === channels.auditAppended) this.pull();
    else if (channel === channels.sessionsEnded) {
      const userId = Number(payload);
      this.recheck((stream) => stream.userId === userId);
    } else if (channel === channels.mailsFailed) {
      // A hint with nothing to read: the readers of the mail log ask for the count themselves.
      for (const stream of this.streams)
        if (readsMailLog(stream.reader)) stream.notice({ type: 'mails.failed' });
    }
  }

  /**
   * Reads the audit trail's new rows, soon; once for any number of calls meanwhile. Reads start
   * at least `READ_GAP_MS` apart: the first after a quiet spell at once, then, while changes keep
   * coming, one read takes all that came in the gap (not one read per commit).
   */
  private pull(): void {
    if (!this.started || this.stopped) return;
    if (this.reading || this.gapTimer) {
      this.readAgain = true;
      return;
    }
    const wait = this.lastReadAt + READ_GAP_MS - performance.now();
    if (wait > 0) {
      this.gapTimer = setTimeout(() => {
        this.gapTimer = undefined;
        this.read();
      }, wait);
      return;
    }
    this.read();
  }

  private read(): void {
    if (this.stopped) return;
    this.lastReadAt = performance.now();
    this.readsStarted++;
    this.readAgain = false;
    this.reading = this.readTail().finally(() => {
      this.reading = undefined;
      // Notified while reading: those rows may have come after the read's last batch.
      if (this.readAgain) this.pull();
    });
  }

  private async readTail(): Promise<void> {
    // Off the driver's callback (PGlite calls listeners from inside the committing query).
    await new Promise((resolve) => setImmediate(resolve));
    const recheckUsers = new Set<number | null>();
    try {
      let more = true;
      while (more && !this.stopped) {
        const read = await changesAfter(this.options.db, this.cursor, READ_BATCH);
        for (const change of read.changes) {
          if (change.kind !== 'access') {
            this.accept(change);
            continue;
          }
          recheckUsers.add(change.userId);
          // What follows the access change waits for the re-read access, not the reader as it was.
          for (const stream of this.streams)
            if (change.userId === null || stream.userId === change.userId) stream.hold();
        }
        this.cursor = Math.max(this.cursor, read.last);
        more = read.more;
      }
    } catch (err) {
      this.options.log.error({ err: safeError(err) }, 'live events: reading the audit trail failed');
      this.retry = setTimeout(() => this.pull(), READ_RETRY_MS);
    }
    // Access changed (a user's roles or state, a group's permissions): those streams re-read it.
    if (recheckUsers.size > 0)
      this.recheck((stream) => recheckUsers.has(null) || recheckUsers.has(stream.userId));
  }

  private accept(change: LiveChange): void {
    this.buffer.push(change);
    if (this.buffer.length > this.replayChanges) this.completeAfter = this.buffer.shift()!.id;
    for (const stream of this.streams) stream.offer(change);
  }

  /**
   * Re-reads the principal of the matching streams: a stream whose session ended (logout,
   * revocation, inactivation, lock) or whose role may no longer read it ends; the others go on
   * with the access read now, and are given what they held meanwhile. Of two re-reads of one
   * stream in flight, the later one's access applies (the earlier may predate a change).
   */
  private recheck(matches: (stream: LiveStream) => boolean): void {
    for (const stream of [...this.streams].filter(matches)) {
      const reread = ++stream.accessRereads;
      void this.options
        .rereadPrincipal(stream)
        .then((principal) => readerOf(this.options.db, principal))
        .then(
          (reader: Reader) => {
            if (reread !== stream.accessRereads) return;
            stream.reader = reader;
            stream.release();
          },
          () => stream.end(),
        );
    }
  }

  private beat(): void {
    const now = this.options.clock.now().getTime();
    for (const stream of this.streams) {
      // The token's end ends the stream; the client reconnects with a fresh one.
      if (now >= stream.session.expiresAt.getTime()) stream.end();
      else stream.heartbeat(this.cursor);
    }
  }
}
