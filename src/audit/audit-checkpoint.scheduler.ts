import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { PeriodicTask } from '../common/schedule/periodic-task';
import { AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { AuditChainService } from './audit-chain.service';
import { AuditCheckpoint } from './audit-checkpoint';
import { AuditSigningKey } from './audit-signing-key';

/**
 * Every AUDIT_CHECKPOINT_INTERVAL_SECONDS (0 = off) logs one JSON line
 * `{"type":"audit_checkpoint","checkpoint":{...}}` per organization whose chain head moved since
 * this replica last logged it: the log pipeline, which the database administrator does not control,
 * becomes an outside witness of the chain. A periodic task (jittered, never overlapping; a shutdown
 * ends it after the organization at hand); each replica logs on its own (duplicates are harmless
 * witnesses).
 */
@Injectable()
export class AuditCheckpointScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('AuditCheckpoint');
  private readonly task: PeriodicTask<AuditCheckpoint[]>;
  private readonly logged = new Map<string, number>();

  constructor(
    private readonly config: AppConfig,
    private readonly prisma: PrismaService,
    private readonly chain: AuditChainService,
    private readonly key: AuditSigningKey,
    registry: SchedulerRegistry,
  ) {
    this.task = new PeriodicTask(registry, {
      name: 'audit-checkpoint',
      everyMs: config.audit.checkpointIntervalSeconds * 1000,
      run: (stopping) => this.logMovedHeads(stopping),
    });
  }

  onApplicationBootstrap(): void {
    // A missing or unreadable key stops the server here, not at the first checkpoint.
    this.key.load();
    if (this.config.audit.checkpointIntervalSeconds > 0) this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Signs and logs the heads that moved; returns what it logged. Failures wait for the next run. */
  async tick(): Promise<AuditCheckpoint[]> {
    return (await this.task.runNow()) ?? [];
  }

  private async logMovedHeads(stopping: AbortSignal): Promise<AuditCheckpoint[]> {
    const logged: AuditCheckpoint[] = [];
    const { rows } = await this.prisma.pool.query<{ organization_id: string; sequence: string }>(
      'SELECT organization_id, sequence::text AS sequence FROM audit_chain_head WHERE sequence > 0',
    );
    for (const row of rows) {
      if (stopping.aborted) break;
      if (this.logged.get(row.organization_id) === Number(row.sequence)) continue;
      const checkpoint = await this.chain.signedHead(row.organization_id);
      this.logger.log({ type: 'audit_checkpoint', checkpoint }, 'audit checkpoint');
      this.logged.set(row.organization_id, checkpoint.sequence);
      logged.push(checkpoint);
    }
    return logged;
  }
}
