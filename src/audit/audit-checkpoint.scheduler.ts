import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { AuditChainService } from './audit-chain.service';
import { AuditCheckpoint } from './audit-checkpoint';
import { AuditSigningKey } from './audit-signing-key';

/**
 * Every AUDIT_CHECKPOINT_INTERVAL_SECONDS (0 = off) logs one JSON line
 * `{"type":"audit_checkpoint","checkpoint":{...}}` per organization whose chain head moved since
 * this replica last logged it: the log pipeline, which the database administrator does not control,
 * becomes an outside witness of the chain. A plain unref'd timer that never overlaps itself and
 * stops on shutdown; each replica logs on its own (duplicates are harmless witnesses).
 */
@Injectable()
export class AuditCheckpointScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AuditCheckpoint');
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private readonly logged = new Map<string, number>();

  constructor(
    private readonly config: AppConfig,
    private readonly prisma: PrismaService,
    private readonly chain: AuditChainService,
    private readonly key: AuditSigningKey,
  ) {}

  onApplicationBootstrap(): void {
    // A missing or unreadable key stops the server here, not at the first checkpoint.
    this.key.load();
    const seconds = this.config.audit.checkpointIntervalSeconds;
    if (seconds <= 0) return;
    this.timer = setInterval(() => void this.tick(), seconds * 1000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Signs and logs the heads that moved; returns what it logged. Failures wait for the next tick. */
  async tick(): Promise<AuditCheckpoint[]> {
    if (this.running) return [];
    this.running = true;
    const logged: AuditCheckpoint[] = [];
    try {
      const { rows } = await this.prisma.pool.query<{ organization_id: string; sequence: string }>(
        'SELECT organization_id, sequence::text AS sequence FROM audit_chain_head WHERE sequence > 0',
      );
      for (const row of rows) {
        if (this.logged.get(row.organization_id) === Number(row.sequence)) continue;
        const checkpoint = await this.chain.signedHead(row.organization_id);
        this.logger.log({ type: 'audit_checkpoint', checkpoint }, 'audit checkpoint');
        this.logged.set(row.organization_id, checkpoint.sequence);
        logged.push(checkpoint);
      }
    } catch (error) {
      this.logger.warn(`Audit checkpoint failed, retrying next interval: ${(error as Error).message}`);
    } finally {
      this.running = false;
    }
    return logged;
  }
}
