import type { LiveEvent } from '@dosechain/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient, type RequestOptions } from './http-client.ts';
import { connectLiveEvents, createSseParser, type LiveTiming, type SseFrame } from './live-events.ts';

describe('the text/event-stream parser', () => {
  it('dispatches frames at empty lines, across chunks, LF or CRLF, skipping comments', () => {
    const frames: SseFrame[] = [];
    const parser = createSseParser((f) => frames.push(f));
    parser.push(': DoseChain live events\nretry: 3000\n\nid: 5');
    parser.push('\nevent: order.placed\r\ndata: {"a":\r\ndata: 1}\r\n\r\n');
    parser.push('id: 9\n\n: heartbeat\n\n');
    parser.push('data:no space\n');
    expect(frames).toEqual([{ id: '5', event: 'order.placed', data: '{"a":\n1}' }, { id: '9' }]);
    parser.push('\n');
    expect(frames.at(-1)).toEqual({ data: 'no space' });
  });
});

const fast: LiveTiming = {
  reconnectMs: 5,
  backoffMs: 5,
  maxBackoffMs: 20,
  tooManyMs: 200,
  stableMs: 10_000,
  silenceMs: 10_000,
};

/** A stream answer the test writes to; `end` closes it as the server would. */
function streamAnswer() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  let ended = false;
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => {
      if (!ended) controller.close();
      ended = true;
    },
  };
}

type Answer = ReturnType<typeof streamAnswer> | ApiError;

/** An API client whose GET /events answers the given answers in turn (then hangs). */
function fakeApi(answers: Answer[]) {
  const calls: RequestOptions[] = [];
  const api = vi.fn(async (_method: string, path: string, options: RequestOptions = {}) => {
    expect(path).toBe('/events');
    calls.push(options);
    const next = answers.shift();
    if (!next) return new Promise(() => undefined);
    if (next instanceof ApiError) throw next;
    options.signal?.addEventListener('abort', () => next.end());
    return next.response;
  }) as unknown as HttpClient;
  return { api, calls };
}

const until = async (test: () => boolean) => {
  for (let i = 0; i < 200 && !test(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(test()).toBe(true);
};

const placed = (orderId: number): LiveEvent => ({
  type: 'order.placed',
  orderId,
  status: 'pending',
  cmoId: 1,
  siteId: 2,
  imagingCenterId: 3,
});

describe('the live events connection', () => {
  it('opens the stream through the API client and hands over each event it knows', async () => {
    const first = streamAnswer();
    const { api, calls } = fakeApi([first]);
    const events: LiveEvent[] = [];
    const stop = connectLiveEvents({ api, onEvent: (e) => events.push(e), timing: fast });
    await until(() => calls.length === 1);
    expect(calls[0]).toMatchObject({
      stream: true,
      reportErrors: false,
      headers: { accept: 'text/event-stream' },
    });
    expect(calls[0]!.headers).not.toHaveProperty('last-event-id');
    first.write(`id: 4\nevent: order.placed\ndata: ${JSON.stringify(placed(11))}\n\n`);
    first.write('id: 5\nevent: order.archived\ndata: {"type":"order.archived"}\n\n');
    first.write('id: 6\nevent: reset\ndata: {"type":"reset"}\n\n');
    await until(() => events.length === 2);
    expect(events).toEqual([placed(11), { type: 'reset' }]);
    stop();
  });

  it('reconnects with the last id received (an event’s or a bare id) when the server ends the stream', async () => {
    const first = streamAnswer();
    const second = streamAnswer();
    const { api, calls } = fakeApi([first, second]);
    const stop = connectLiveEvents({ api, onEvent: () => undefined, timing: fast });
    await until(() => calls.length === 1);
    first.write(`id: 41\nevent: order.placed\ndata: ${JSON.stringify(placed(1))}\n\nid: 44\n\n`);
    first.end();
    await until(() => calls.length === 2);
    expect(calls[1]!.headers).toMatchObject({ 'last-event-id': '44' });
    stop();
    // Stopping aborts the open stream.
    expect(calls[1]!.signal!.aborted).toBe(true);
  });

  it('backs off after failures, waits long after 429, and stops on 401 and 403', async () => {
    const error = (status: number, code: string) => new ApiError(status, { code, message: code, errors: [] });
    const { api, calls } = fakeApi([
      error(502, 'HTTP_ERROR'),
      error(429, 'TOO_MANY_STREAMS'),
      streamAnswer(),
    ]);
    const stop = connectLiveEvents({ api, onEvent: () => undefined, timing: fast });
    await until(() => calls.length === 2);
    const at429 = Date.now();
    await until(() => calls.length === 3);
    expect(Date.now() - at429).toBeGreaterThanOrEqual(fast.tooManyMs * 0.8 - 5);
    stop();

    for (const status of [401, 403]) {
      const ended = fakeApi([error(status, 'X'), streamAnswer()]);
      connectLiveEvents({ api: ended.api, onEvent: () => undefined, timing: fast });
      await new Promise((r) => setTimeout(r, 60));
      expect(ended.calls).toHaveLength(1);
    }
  });

  it('drops a stream that stays silent past the heartbeats and opens another', async () => {
    const silent = streamAnswer();
    const { api, calls } = fakeApi([silent, streamAnswer()]);
    const stop = connectLiveEvents({ api, onEvent: () => undefined, timing: { ...fast, silenceMs: 40 } });
    await until(() => calls.length === 2);
    expect(calls[0]!.signal!.aborted).toBe(true);
    stop();
  });
});
