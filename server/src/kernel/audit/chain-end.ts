import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { ChainMark } from './checkpoint.ts';

/** Where the embedded database's server keeps the end it remembers, in DATA_DIR. */
export const CHAIN_END_FILE = 'audit-chain-end';

/** How long a noted end may wait before it is written to the file (writes are coalesced). */
const WRITE_DELAY_MS = 1000;

function parseMark(text: string): ChainMark | undefined {
  try {
    const value = JSON.parse(text) as Partial<ChainMark>;
    if (
      Number.isSafeInteger(value.position) &&
      (value.position as number) >= 0 &&
      typeof value.chainHmac === 'string' &&
      /^[0-9a-f]{64}$/.test(value.chainHmac)
    ) {
      return { position: value.position as number, chainHmac: value.chainHmac };
    }
  } catch {
    // Not JSON: reported as unreadable.
  }
  return undefined;
}

/**
 * The newest place in the audit chain this server has written or verified (issue 31): a chain
 * whose end is later found before it was cut back ("the trail's end moved back"), which the chain
 * alone cannot show. Kept in memory; with `file` (the embedded database: DATA_DIR/audit-chain-end)
 * also on disk, so a restart remembers it. On PostgreSQL a restart forgets it: checkpoints kept
 * elsewhere are what cover that.
 */
export class ChainEndWatch {
  private mark: ChainMark | undefined;
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  /** Set when the file holds no place this server could have written: said in the log at start. */
  readonly unreadable: string | undefined;

  constructor(private readonly file?: string) {
    if (file && existsSync(file)) {
      this.mark = parseMark(readFileSync(file, 'utf8'));
      if (!this.mark) this.unreadable = `${file} holds no chain position: it was altered (ignored)`;
    }
  }

  /** The newest place remembered; undefined before anything was written or verified. */
  get remembered(): ChainMark | undefined {
    return this.mark;
  }

  /**
   * Once the end was found moved back, where from and where to: kept for the process's life,
   * and the place remembered no longer moves, so that rows written past it later (other rows in
   * the same positions) do not hide it, and a restart on the embedded database finds it again.
   */
  movedBack: { from: number; to: number } | undefined;

  /** Remembers `mark` when it is further along the chain than the one remembered. */
  note(mark: ChainMark): void {
    if (this.movedBack || (this.mark && mark.position <= this.mark.position)) return;
    this.mark = { position: mark.position, chainHmac: mark.chainHmac };
    if (!this.file) return;
    this.dirty = true;
    this.timer ??= setTimeout(() => this.flush(), WRITE_DELAY_MS);
    this.timer.unref();
  }

  /** Writes the remembered place to the file now (atomically: a new file renamed over the old). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.file || !this.dirty || !this.mark) return;
    this.dirty = false;
    const next = `${this.file}.next`;
    writeFileSync(next, `${JSON.stringify(this.mark)}\n`, { mode: 0o600 });
    renameSync(next, this.file);
  }
}
