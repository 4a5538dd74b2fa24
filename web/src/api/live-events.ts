import { type LiveEvent, limits, liveEventTypes } from '@dosechain/contract';
import { ApiError, type HttpClient } from './http-client.ts';

/** One dispatched server-sent-event frame: its id (an `id:` alone moves the last id) and its data. */
export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
}

/**
 * A text/event-stream reader (the WHATWG rules that matter here): lines end in LF or CRLF, `:`
 * starts a comment, `field: value` (one leading space dropped), `data` lines join with LF, an
 * empty line dispatches the frame — also one with only an `id` (it moves the last event id).
 */
export function createSseParser(onFrame: (frame: SseFrame) => void): { push(text: string): void } {
  let pending = '';
  let frame: { id?: string; event?: string; data: string[] } = { data: [] };
  const line = (text: string) => {
    if (text === '') {
      if (frame.id !== undefined || frame.data.length > 0) {
        onFrame({
          ...(frame.id !== undefined ? { id: frame.id } : {}),
          ...(frame.event !== undefined ? { event: frame.event } : {}),
          ...(frame.data.length > 0 ? { data: frame.data.join('\n') } : {}),
        });
      }
      frame = { data: [] };
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') frame.data.push(value);
    else if (field === 'event') frame.event = value;
    else if (field === 'id' && !value.includes('\0')) frame.id = value;
  };
  return {
    push(text) {
      pending += text;
      let end = pending.indexOf('\n');
      while (end >= 0) {
        line(pending.slice(0, end).replace(/\r$/, ''));
        pending = pending.slice(end + 1);
        end = pending.indexOf('\n');
      }
    },
  };
}

/** How long the connection waits, between what (tests make these short). */
export interface LiveTiming {
  /** After the server ended a stream that had lived a while (a token that expired): reconnect soon. */
  reconnectMs: number;
  /** The first wait after a failure; doubled after each further one in a row, up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /** After 429 TOO_MANY_STREAMS (other tabs hold the user's streams). */
  tooManyMs: number;
  /** A stream that lived this long ended normally: the failures in a row start again from none. */
  stableMs: number;
  /** Nothing received for this long (heartbeats come every 25 s): the connection is dead, reconnect. */
  silenceMs: number;
}

export const liveTiming: LiveTiming = {
  reconnectMs: 1000,
  backoffMs: 1000,
  maxBackoffMs: 30_000,
  tooManyMs: 60_000,
  stableMs: 10_000,
  silenceMs: limits.liveHeartbeatSeconds * 2500,
};

/** A wait of about `ms` (±20 %, so that many tabs do not all come back at once); ends early on abort. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  const jittered = ms * (0.8 + Math.random() * 0.4);
  return new Promise((resolve) => {
    const timer = setTimeout(done, jittered);
    signal.addEventListener('abort', done);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** Reads a stream's frames until it ends, or until it stays silent for `silenceMs` (then aborts it). */
async function readFrames(
  res: Response,
  onFrame: (frame: SseFrame) => void,
  silenceMs: number,
  abort: () => void,
): Promise<void> {
  if (!res.body) return;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser(onFrame);
  let watchdog = setTimeout(abort, silenceMs);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      clearTimeout(watchdog);
      watchdog = setTimeout(abort, silenceMs);
      parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    clearTimeout(watchdog);
  }
}

/**
 * Keeps `GET /events` open through the API client — with its Bearer token, the tab's Role-Id and
 * its refresh on a 401, so no credential ever goes into a URL (EventSource could send neither
 * header: decision 023) — and hands each event to `onEvent`. Reconnects with the last event id
 * received, so the server replays what was missed (or sends `reset`): soon after a stream the
 * server ended, with back-off after failures, a minute after 429. Stops for good on 401 (the
 * client has ended the session) and 403 (this role has no live screens). Returns `stop`.
 */
export function connectLiveEvents(options: {
  api: HttpClient;
  onEvent: (event: LiveEvent) => void;
  timing?: LiveTiming;
}): () => void {
  const { api, onEvent } = options;
  const timing = options.timing ?? liveTiming;
  const stopped = new AbortController();
  let lastEventId: string | undefined;
  let failures = 0;

  const onFrame = (frame: SseFrame) => {
    if (frame.id !== undefined) lastEventId = frame.id;
    if (frame.data === undefined) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(frame.data);
    } catch {
      return;
    }
    // An event of a kind this version does not know is skipped, not an error.
    const type = (parsed as { type?: unknown } | null)?.type;
    if ((liveEventTypes as readonly unknown[]).includes(type)) onEvent(parsed as LiveEvent);
  };

  const connectOnce = async (): Promise<number | 'stop'> => {
    const connection = new AbortController();
    const abort = () => connection.abort();
    stopped.signal.addEventListener('abort', abort);
    const openedAt = Date.now();
    try {
      const res = await api('GET', '/events', {
        stream: true,
        reportErrors: false,
        signal: connection.signal,
        headers: { accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      });
      await readFrames(res, onFrame, timing.silenceMs, abort);
      failures = Date.now() - openedAt >= timing.stableMs ? 0 : failures + 1;
    } catch (err) {
      if (stopped.signal.aborted) return 'stop';
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return 'stop';
      failures += 1;
      if (err instanceof ApiError && err.status === 429) return timing.tooManyMs;
    } finally {
      stopped.signal.removeEventListener('abort', abort);
      connection.abort();
    }
    if (failures === 0) return timing.reconnectMs;
    return Math.min(timing.backoffMs * 2 ** (failures - 1), timing.maxBackoffMs);
  };

  void (async () => {
    while (!stopped.signal.aborted) {
      const wait = await connectOnce();
      if (wait === 'stop') return;
      await pause(wait, stopped.signal);
    }
  })();
  return () => stopped.abort();
}
