import type { DestinationStream } from 'pino';

/**
 * Where log lines go: JSON lines on stdout (a collector's format, pino's default: `undefined`),
 * or readable lines for a person at a terminal. Unset, a TTY gets the readable form.
 */
export async function logDestination(
  format: 'json' | 'pretty' | undefined,
  isTTY: boolean,
): Promise<DestinationStream | undefined> {
  if ((format ?? (isTTY ? 'pretty' : 'json')) === 'json') return undefined;
  // Loaded only when wanted: a production server writing JSON never imports it.
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    colorize: isTTY,
    singleLine: true,
    translateTime: 'SYS:yyyy-mm-dd HH:MM:ss.l o',
    ignore: 'pid,hostname',
  });
}
