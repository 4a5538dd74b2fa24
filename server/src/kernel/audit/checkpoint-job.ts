import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { PeriodicTask } from '../jobs/periodic.ts';
import type { ChainEndWatch } from './chain-end.ts';
import { issueCheckpoint } from './checkpoint.ts';
import { endMovedBack } from './trail-verification.ts';

export const DEFAULT_AUDIT_CHECKPOINT_HOURS = 24;

export interface AuditCheckpointJobOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  auditKey: Buffer;
  watch: ChainEndWatch;
  /** How often a checkpoint is logged after the one at start; 0: only at start. */
  intervalMs: number;
}

/**
 * Writes a checkpoint of the audit chain to the log at start and every interval (issue 31), so a
 * log kept apart from the database holds where the trail ended; at each, says in the log, as an
 * error, when the chain's end has moved back behind what this server remembers.
 */
export class AuditCheckpointJob {
  private readonly task: PeriodicTask;

  constructor(private readonly options: AuditCheckpointJobOptions) {
    this.task = new PeriodicTask('audit checkpoint', options.intervalMs, () => this.runOnce(), options.log);
  }

  start(): void {
    if (this.options.watch.unreadable)
      this.options.log.error({ event: 'audit-chain-end' }, this.options.watch.unreadable);
    this.task.start({ passNow: true });
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  async runOnce(): Promise<void> {
    const { db, clock, log, auditKey, watch } = this.options;
    const checkpoint = await issueCheckpoint(db, auditKey, clock.now());
    log.info({ event: 'audit-checkpoint', checkpoint }, 'audit trail checkpoint');
    const movedBack = await endMovedBack(db, watch);
    if (movedBack) {
      log.error(
        { event: 'audit-chain-end-moved-back', ...movedBack },
        "audit trail altered: the trail's end moved back behind the newest entry this server wrote or verified",
      );
    }
  }
}
