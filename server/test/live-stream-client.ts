import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import type { LiveEvent } from '@dosechain/contract';

/** One server-sent-event frame as a client reads it: its fields (comments as `comment`). */
export interface Frame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

/** An open `GET /events` over a real connection, read as frames arrive. */
export interface LiveStreamClient {
  status: number;
  /** The answer's body when it is not a stream (an error). */
  errorBody?: { code: string; message: string; errors: unknown[] };
  frames: Frame[];
  /** The events received (frames with data), parsed. */
  events(): (LiveEvent & { id: number })[];
  /** The last id the server gave (an event's or a position's). */
  lastId(): number | undefined;
  /** Waits until a frame matching `test` has arrived (rejects after `timeoutMs`). */
  waitFor(test: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Whether the server has ended it. */
  isEnded(): boolean;
  /** Closes it from the client's side (drops the connection). */
  close(): void;
}

function parseFrame(block: string): Frame {
  const frame: Frame = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim();
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const field = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id' || field === 'event' || field === 'data') frame[field] = value;
  }
  return frame;
}

/** A GET over its own connection (no keep-alive pool): closing it drops that connection. */
function get(
  url: string,
  headers: Record<string, string>,
): Promise<{ res: IncomingMessage; req: ClientRequest }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => resolve({ res, req }));
    req.on('error', reject);
  });
}

async function readAll(res: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of res) text += String(chunk);
  return text;
}

/** Opens `GET {base}/api/v1/events` with these headers and reads it in the background. */
export async function openLiveStream(
  base: string,
  headers: Record<string, string>,
  lastEventId?: string,
): Promise<LiveStreamClient> {
  const { res, req } = await get(`${base}/api/v1/events`, {
    accept: 'text/event-stream',
    ...headers,
    ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}),
  });
  const status = res.statusCode ?? 0;
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  if (!String(res.headers['content-type']).startsWith('text/event-stream')) {
    const errorBody = JSON.parse(await readAll(res)) as LiveStreamClient['errorBody'];
    return {
      status,
      errorBody,
      frames,
      events: () => [],
      lastId: () => undefined,
      waitFor: () => Promise.reject(new Error(`no stream: ${status}`)),
      ended: Promise.resolve(),
      isEnded: () => true,
      close: () => undefined,
    };
  }
  const endedPromise = (async () => {
    let pending = '';
    res.setEncoding('utf8');
    try {
      for await (const chunk of res) {
        pending += chunk as string;
        let split = pending.indexOf('\n\n');
        while (split >= 0) {
          frames.push(parseFrame(pending.slice(0, split)));
          pending = pending.slice(split + 2);
          split = pending.indexOf('\n\n');
        }
        notify();
      }
    } catch {
      // closed by this side
    }
    ended = true;
    notify();
  })();
  return {
    status,
    frames,
    events: () =>
      frames
        .filter((f) => f.data !== undefined)
        .map((f) => ({ ...(JSON.parse(f.data!) as LiveEvent), id: Number(f.id) })),
    lastId: () => {
      const withId = frames.filter((f) => f.id !== undefined).at(-1);
      return withId ? Number(withId.id) : undefined;
    },
    waitFor(test, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find(test);
          if (found) {
            done();
            resolve(found);
          } else if (ended) {
            done();
            reject(new Error(`the stream ended first; frames: ${JSON.stringify(frames)}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no such frame within ${timeoutMs} ms; frames: ${JSON.stringify(frames)}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    ended: endedPromise,
    isEnded: () => ended,
    close: () => req.destroy(),
  };
}

/** A frame with an event of this type (and, if given, about this order). */
export const eventFrame =
  (type: string, orderId?: number) =>
  (frame: Frame): boolean =>
    frame.event === type &&
    (orderId === undefined || (JSON.parse(frame.data ?? '{}') as { orderId?: number }).orderId === orderId);

/** A frame that moves the reader's id to `id` or past it: the stream has passed that change. */
export const passed =
  (id: number) =>
  (frame: Frame): boolean =>
    frame.id !== undefined && Number(frame.id) >= id;
