import { PassThrough } from 'node:stream';
import type { LiveEvent } from '@dosechain/contract';
import type { VerifiedAccess } from '../../kernel/auth/access-token.ts';
import type { LiveChange } from './changes.ts';
import { eventFor, type Reader } from './views.ts';

/** What a stream may hold unsent before its reader counts as gone (it reconnects with Last-Event-ID). */
const MAX_UNSENT_BYTES = 256 * 1024;

/** Changes a stream holds while its reader's access is re-read, at most (then it ends). */
const MAX_HELD_CHANGES = 1000;

/** How long a client waits before reconnecting after the stream ends (EventSource's `retry`). */
const RETRY_MS = 3000;

/**
 * One open `GET /events`: the server-sent-event frames of one reader. `lastId` is the id of the
 * last change this stream has passed (sent or not, as the reader's role decides), so a change
 * is never offered twice; `toldId` the last id the reader was given, which only moves forward.
 */
export class LiveStream {
  /** The response body. */
  readonly body = new PassThrough();
  private ended = false;
  private toldId: number;
  /** How many times the hub began re-reading this reader's access (the latest one applies). */
  accessRereads = 0;
  /** Changes offered while the reader's access is being re-read (`hold`), for the reader it gets. */
  private held: LiveChange[] | undefined;

  constructor(
    /** Whose token opened it: the user, the session and the token's expiry. */
    readonly session: VerifiedAccess,
    /** The Role-Id it was opened with (its principal is re-read with it). */
    readonly roleHeader: string | string[] | undefined,
    public reader: Reader,
    public lastId: number,
  ) {
    // The reader holds the id it reconnected with.
    this.toldId = lastId;
    // How long to wait before reconnecting, for EventSource readers.
    this.write(`: DoseChain live events\nretry: ${RETRY_MS}\n\n`);
  }

  get userId(): number {
    return this.session.userId;
  }

  /** Sends the change if the reader may know of it; passes it either way. Held: later. */
  offer(change: LiveChange): void {
    if (this.held) {
      this.held.push(change);
      // A re-read that never ends must not make the stream hold without bound: it reconnects.
      if (this.held.length > MAX_HELD_CHANGES) this.end();
      return;
    }
    if (change.id <= this.lastId) return;
    this.lastId = change.id;
    const event = eventFor(this.reader, change);
    if (event) this.event(change.id, event);
  }

  /**
   * Holds the changes offered from now on: the reader's access changed before them, so they wait
   * for the access re-read (`release`), not the reader as it was.
   */
  hold(): void {
    this.held ??= [];
    // A re-read begun before the change may have missed it: it must not release what is held.
    this.accessRereads++;
  }

  /** Offers the held changes to the reader as it now is (after its access was re-read). */
  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const change of held) this.offer(change);
  }

  /**
   * Tells the reader to refetch everything (it missed more than can be replayed, or sent an id
   * never given out): it starts again at `id`, the newest change read, whatever id it held.
   */
  reset(id: number): void {
    this.lastId = id;
    this.event(id, { type: 'reset' });
  }

  /**
   * Gives the reader the id `cursor` if it holds an older one (an `id:` field and no data: no
   * event is dispatched, but the id is kept), so a reader whose role saw nothing for a while
   * does not reconnect from far behind.
   */
  position(cursor: number): void {
    // Held changes are not passed yet: the reader's id must not move past them.
    if (this.held) return;
    this.lastId = Math.max(this.lastId, cursor);
    if (cursor <= this.toldId) return;
    this.toldId = cursor;
    this.write(`id: ${cursor}\n\n`);
  }

  /**
   * An event that is no change of the audit trail (a mail failed): sent without an id, so the
   * reader's last id, and what a reconnection replays, stay as they are.
   */
  notice(event: LiveEvent): void {
    this.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  }

  /** A comment line, so proxies keep the connection and the reader knows it lives. */
  heartbeat(cursor: number): void {
    this.write(': heartbeat\n\n');
    this.position(cursor);
  }

  /** Ends the response; the client reconnects (and is authenticated again). */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.body.end();
  }

  private event(id: number, event: LiveEvent): void {
    this.toldId = id;
    this.write(`id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  }

  private write(frame: string): void {
    if (this.ended) return;
    // A reader that takes nothing (a stalled connection) is let go rather than buffered for.
    if (this.body.writableLength + this.body.readableLength > MAX_UNSENT_BYTES) {
      this.end();
      return;
    }
    this.body.write(frame);
  }
}
